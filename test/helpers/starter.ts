// A starter schema run over a mail built by buildEml: how the printed-page tests read a case.
import { analyzeMessage, runSchema, type SchemaRun } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml, type MailSpec } from './mail.ts';

export async function runStarter(starter: keyof typeof STARTERS, mail: MailSpec): Promise<SchemaRun> {
  const analyzed = await analyzeMessage(buildEml(mail));
  if (!analyzed.ok)
    throw new Error(`the test mail was refused (${JSON.stringify(analyzed.refusal)}): fix its MailSpec`);
  return runSchema(compileSchema(STARTERS[starter]), analyzed.message.view);
}

/** An HTML table with one row of two cells per pair: a label and its value. */
export const rows = (pairs: [string, string][]): string =>
  `<table>${pairs.map(([label, text]) => `<tr><td>${label}</td><td>${text}</td></tr>`).join('')}</table>`;

export const value = (run: SchemaRun, field: string): unknown => run.fields[field]!.value;
export const confidence = (run: SchemaRun, field: string): number => run.fields[field]!.confidence;

const SHOP = 'Shop <receipts@shop.example>';

/** A shop's receipt in a plain-text mail body, read with the receipt starter. */
export function readReceiptText(text: string, subject = 'Your receipt'): Promise<SchemaRun> {
  return runStarter('receipt', { subject, from: SHOP, text });
}

/** A shop's receipt as an HTML mail body, read with the receipt starter. */
export function readReceiptHtml(html: string, subject = 'Your receipt'): Promise<SchemaRun> {
  return runStarter('receipt', { subject, from: SHOP, html });
}

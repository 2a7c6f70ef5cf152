// Where an e-invoice and the document a person sees disagree: the XML a PDF embeds against
// the PDF's text, or an XML attachment against the PDF beside it. Reading the XML is einvoice.ts.
import { datesIn, type FoundDate } from './dates-in-text.ts';
import { type Einvoice, einvoiceOf, readEinvoice } from './einvoice.ts';
import type { EmbeddedFile } from './pdf-text.ts';
import type { Document } from './types.ts';
import { parseAmount, parseDate } from './validate-dates.ts';

// Month and weekday words as whole letter runs, read with datesIn (see there).
const DATE =
  /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{1,2}\.?\s+(?<middle>\p{L}{3,})\.?,?\s+\d{4}|(?<!\p{L})(?<lead>\p{L}{3,})\.?\s+\d{1,2},?\s+\d{4}|\b\d{8}\b/gu;

/** The dates written in the visible text, in the spellings einvoiceMismatch looks for. */
export function datesShown(visible: string): FoundDate[] {
  return datesIn(DATE, visible);
}

/**
 * Where the e-invoice and the visible document disagree: each of its number, total and
 * dates must appear in the visible text in some usual spelling. Nothing is compared
 * when the visible text is too short to be the rendering (an image-only PDF).
 */
export function einvoiceMismatch(einvoice: Einvoice, visible: string): string[] {
  if (visible.replace(/\s+/g, '').length < 50) return [];
  const squeezed = visible.replace(/\s+/g, '').toLowerCase();
  const amounts = new Set<number>();
  for (const m of visible.matchAll(/\d{1,3}(?:[ .,'\u00A0]\d{3})+(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?/g)) {
    const a = parseAmount(m[0]);
    if (a) amounts.add(Math.round(Math.abs(a.value as number) * 100));
  }
  const dates = new Set<string>();
  for (const m of datesShown(visible)) {
    const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(m.text);
    if (compact) {
      dates.add(`${compact[1]}-${compact[2]}-${compact[3]}`);
      continue;
    }
    const d = parseDate(m.text);
    if (!d) continue;
    dates.add(d.value as string);
    // A day/month date may be written month first: either reading counts as shown.
    const parts = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})$/.exec(m.text);
    if (parts) {
      const swapped = parseDate(`${parts[2]}/${parts[1]}/${parts[3]}`);
      if (swapped) dates.add(swapped.value as string);
    }
  }
  const f = einvoice.fields;
  const out: string[] = [];
  const number = einvoice.kind === 'order' ? f.po_number : f.invoice_number;
  if (number && !squeezed.includes(number.value.replace(/\s+/g, '').toLowerCase())) out.push(`number ${number.value}`);
  if (f.total_amount && !amounts.has(Math.round(Math.abs(Number(f.total_amount.value)) * 100)))
    out.push(`total ${f.total_amount.value}`);
  for (const key of ['invoice_date', 'order_date', 'due_date'] as const) {
    if (f[key] && !dates.has(f[key]!.value)) out.push(`${key} ${f[key]!.value}`);
  }
  return out;
}

const XML_NAME = /\.xml$/i;

/**
 * Documents for the files a PDF embeds that are e-invoice XML (ZUGFeRD / Factur-X /
 * Order-X), and what the XML and the visible PDF text disagree on.
 */
export function embeddedDocuments(
  files: EmbeddedFile[],
  visible: string,
  firstIndex: number,
): { documents: Document[]; mismatch: string[] } {
  const documents: Document[] = [];
  const mismatch: string[] = [];
  for (const file of files) {
    if (!XML_NAME.test(file.filename)) continue;
    const text = new TextDecoder('utf-8').decode(file.bytes).replace(/^\uFEFF/, '');
    const einvoice = readEinvoice(text);
    if (!einvoice) continue;
    mismatch.push(...einvoiceMismatch(einvoice, visible));
    documents.push({
      index: firstIndex + documents.length,
      kind: 'attachment',
      filename: file.filename,
      mime_type: 'application/xml',
      size_bytes: file.bytes.byteLength,
      text,
      truncated: false,
      unreadable: null,
    });
  }
  return { documents, mismatch };
}

/**
 * An e-invoice XML attached beside a PDF rendering of the same invoice (the PDF prints the
 * XML's number): what they disagree on. A PDF that does not print the number is another
 * document (terms, a delivery note) and is not compared.
 */
export function attachedMismatch(documents: Document[]): string[] {
  const out: string[] = [];
  const pdfs = documents.filter((d) => d.kind === 'attachment' && d.mime_type === 'application/pdf' && d.text);
  for (const doc of documents) {
    const einvoice = einvoiceOf(doc);
    const number = einvoice && (einvoice.kind === 'order' ? einvoice.fields.po_number : einvoice.fields.invoice_number);
    if (!einvoice || !number || number.value.replace(/\s+/g, '').length < 3) continue;
    const key = number.value.replace(/\s+/g, '').toLowerCase();
    for (const pdf of pdfs) {
      if (pdf.text.replace(/\s+/g, '').toLowerCase().includes(key)) out.push(...einvoiceMismatch(einvoice, pdf.text));
    }
  }
  return out;
}

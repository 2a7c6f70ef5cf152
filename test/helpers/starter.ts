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

// The messages a dry run looks at: an inline `eml`, an inline `html` body, or (once
// messages are stored) stored ones. Each goes through the same stages as ingest.
import { analyzeMessage, htmlToEml, type AnalyzedMessage } from '../pipeline/index.ts';
import { ToolError } from '../tools/define.ts';

export interface DryRunMessage {
  /** How results name the message: "eml", "html", or a stored message id. */
  key: string;
  analyzed: AnalyzedMessage;
}

export async function inlineMessages(input: { eml?: string | undefined; html?: string | undefined }): Promise<DryRunMessage[]> {
  const sources: { key: string; raw: string }[] = [];
  if (input.eml !== undefined) sources.push({ key: 'eml', raw: input.eml });
  if (input.html !== undefined) sources.push({ key: 'html', raw: htmlToEml({ html: input.html }) });
  const out: DryRunMessage[] = [];
  for (const source of sources) {
    const analyzed = await analyzeMessage(source.raw);
    if (!analyzed.ok) throw new ToolError('invalid_request', `${source.key}: ${analyzed.refusal.message}`, { field: source.key });
    out.push({ key: source.key, analyzed: analyzed.message });
  }
  return out;
}

export function requireSomeMessage(count: number): void {
  if (count === 0) {
    throw new ToolError('invalid_request', 'Give a message to try: `eml` (raw RFC 822 text) or `html`.',
      { issues: [{ path: 'eml', message: 'one of eml or html is required' }] });
  }
}

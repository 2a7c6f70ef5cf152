// The messages a dry run looks at: an inline `eml`, an inline `html` body, or (once
// messages are stored) stored ones. Each goes through the same stages as ingest.
import { domainOf } from '../pipeline/address.ts';
import { htmlToEml, type AnalyzedMessage } from '../pipeline/index.ts';
import { getMessages, listDocumentSummaries } from '../storage/messages.ts';
import type { Tenant } from '../storage/tenants.ts';
import { ToolError } from './errors.ts';
import { analyze } from './analysis.ts';
import type { AppContext } from './app.ts';

export interface DryRunMessage {
  /** How results name the message: "eml", "html", or a stored message id. */
  key: string;
  analyzed: AnalyzedMessage;
  /** Stored document ids by index (empty for inline messages: nothing is stored). */
  documentIds: string[];
  /** The sender's domain learned extractors are kept under: as stored, or the inline message's From. */
  vendor: string | null;
}

export async function inlineMessages(
  app: AppContext,
  input: { eml?: string | undefined; html?: string | undefined },
): Promise<DryRunMessage[]> {
  const sources: { key: string; raw: string }[] = [];
  if (input.eml !== undefined) sources.push({ key: 'eml', raw: input.eml });
  if (input.html !== undefined) sources.push({ key: 'html', raw: htmlToEml({ html: input.html }) });
  const out: DryRunMessage[] = [];
  for (const source of sources) {
    const analyzed = await analyze(app.analysis, new TextEncoder().encode(source.raw));
    if (!analyzed.ok)
      throw new ToolError('invalid_request', `${source.key}: ${analyzed.refusal.message}`, { field: source.key });
    const vendor = domainOf(analyzed.message.view.from?.address ?? '').toLowerCase() || null;
    out.push({ key: source.key, analyzed: analyzed.message, documentIds: [], vendor });
  }
  return out;
}

/** Stored messages by id, re-read from their raw bytes with their envelope and auth, as reprocess does. */
export async function storedMessages(
  app: AppContext,
  tenant: Tenant,
  ids: readonly string[],
): Promise<DryRunMessage[]> {
  const unique = [...new Set(ids)];
  const found = new Map((await getMessages(app.db, tenant.id, unique)).map((m) => [m.id, m]));
  const out: DryRunMessage[] = [];
  for (const id of unique) {
    const message = found.get(id);
    if (!message)
      throw new ToolError('not_found', `No message '${id}' in this tenant; list_messages shows them.`, { id });
    const raw = await app.blobs.get(message.raw_sha256);
    if (!raw) throw new ToolError('invalid_state', `The raw bytes of ${id} are no longer stored.`, { id });
    const analyzed = await analyze(app.analysis, raw, { recipients: message.recipients, auth: message.auth });
    if (!analyzed.ok) throw new ToolError('invalid_state', `${id}: ${analyzed.refusal.message}`, { id });
    const documentIds = (await listDocumentSummaries(app.db, tenant.id, id)).map((d) => d.id);
    const vendor = domainOf(message.from?.address ?? '').toLowerCase() || null;
    out.push({ key: id, analyzed: analyzed.message, documentIds, vendor });
  }
  return out;
}

export function requireSomeMessage(count: number): void {
  if (count === 0) {
    throw new ToolError(
      'invalid_request',
      'Give messages to try: `message_ids` (stored messages), `eml` (raw RFC 822 text) or `html`.',
      { issues: [{ path: 'eml', message: 'one of message_ids, eml or html is required' }] },
    );
  }
}

/** A budget stopped a dry run: the rule or schema is too costly for these messages. */
export function dryRunLimit(limit: string, what: 'rule' | 'schema'): ToolError {
  return new ToolError(
    'analysis_limit',
    `Running the ${what} over these messages stopped: ${limit}. ` +
      `Simplify the ${what}'s patterns (fewer or smaller counted repeats, anchors, literal text first) or try fewer messages.`,
    { limit },
  );
}

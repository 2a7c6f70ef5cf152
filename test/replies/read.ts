// Reads a reply fixture the way get_message does: the .eml through the parser and the
// sanitizer (HTML with its quote structure), then replyText; a bare .html body through the
// sanitizer alone. `root` is the checkout whose pipeline reads it, so the score script can
// measure another checkout (the code before a change) on the same fixtures.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ReplyFixture } from '../fixtures/replies/labels.ts';

export const FIXTURES = resolve(import.meta.dirname, '../fixtures/replies');
const CORPUS_EML = resolve(import.meta.dirname, '../../../shared/corpus/eml');

export interface FixtureReading {
  reply: string;
  forwardFrom: string | null;
}

/** Whitespace runs (line breaks of HTML rendering and format=flowed included) as one space. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function fixtureBytes(file: string): Uint8Array {
  return readFileSync(file.startsWith('corpus:') ? join(CORPUS_EML, file.slice(7)) : join(FIXTURES, file));
}

export async function fixtureReader(root: string): Promise<(f: ReplyFixture) => Promise<FixtureReading>> {
  const { loadHtmlLibs } = await import(join(root, 'pipeline/html/libs.ts'));
  const { parseMessage } = (await import(join(root, 'pipeline/parse.ts'))) as typeof import('../../pipeline/parse.ts');
  const { sanitizeBody, sanitizeHtml } = (await import(
    join(root, 'pipeline/sanitize.ts')
  )) as typeof import('../../pipeline/sanitize.ts');
  const { replyText } = (await import(join(root, 'pipeline/reply.ts'))) as typeof import('../../pipeline/reply.ts');
  const { originalSender } = (await import(
    join(root, 'pipeline/forwarded.ts')
  )) as typeof import('../../pipeline/forwarded.ts');
  await loadHtmlLibs();
  return async (f) => {
    const bytes = fixtureBytes(f.file);
    if (f.file.endsWith('.html')) {
      const { text, quoted } = sanitizeHtml(new TextDecoder().decode(bytes));
      return { reply: replyText(text, quoted), forwardFrom: null };
    }
    const parsed = await parseMessage(bytes);
    if (!parsed.ok) throw new Error(`${f.file} does not parse: ${parsed.refusal.message}`);
    const body = sanitizeBody(parsed.message);
    const sender = await originalSender(parsed.message, body.text);
    return { reply: replyText(body.text, body.quoted), forwardFrom: sender?.address ?? null };
  };
}

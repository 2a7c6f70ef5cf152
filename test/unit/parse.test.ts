// Stage 1's own checks before and around postal-mime: what counts as an empty message, and
// the UTF-7 declaration looked for in the raw bytes (only read as a string when "-7" occurs).
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../pipeline/parse.ts';

const eml = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n'));

describe('parseMessage', () => {
  it('refuses input that is only whitespace (tab to CR, space, NBSP), as a string or as bytes', async () => {
    for (const raw of ['', ' \r\n\t', new Uint8Array([0x20, 0x0b, 0x0c, 0xa0, 0x0d, 0x0a])]) {
      const r = await parseMessage(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.refusal.code).toBe('empty_message');
    }
  });

  it('reads a message whose only non-blank byte comes after leading whitespace', async () => {
    const r = await parseMessage(new Uint8Array([0x20, 0xa0, 0x0a, 0x78]));
    expect(r.ok).toBe(true);
  });

  it('decodes UTF-7 declared in a part header after the top-level headers', async () => {
    const r = await parseMessage(
      eml([
        'From: a@example.com',
        'Subject: hi',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset="UTF-7"',
        '',
        'Gr+APw-+AN8-e',
        '--b--',
        '',
      ]),
    );
    expect(r.ok && r.message.text?.trim()).toBe('Grüße');
  });

  it('leaves "+...-7" text alone when nothing declares UTF-7', async () => {
    const r = await parseMessage(eml(['From: a@example.com', 'Subject: code +AGQ-7', '', 'ref +AGQ-7', '']));
    expect(r.ok && r.message.subject).toBe('code +AGQ-7');
    expect(r.ok && r.message.text?.trim()).toBe('ref +AGQ-7');
  });
});

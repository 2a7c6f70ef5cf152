// reply_text and the forward's original sender on real mail of help desks and mail clients
// (test/fixtures/replies, labelled by hand): every fixture's exact reply text, whitespace
// runs aside. REPLY_HALF=dev runs only the half rules were tuned on.
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../pipeline/parse.ts';
import { quoteMarkOf } from '../../pipeline/reply-html.ts';
import { replyText } from '../../pipeline/reply.ts';
import { sanitizeBody } from '../../pipeline/sanitize.ts';
import { REPLY_FIXTURES } from '../fixtures/replies/labels.ts';
import { fixtureBytes, fixtureReader, squash } from '../replies/read.ts';

const read = await fixtureReader(new URL('../..', import.meta.url).pathname);
const half = process.env.REPLY_HALF;
const fixtures = REPLY_FIXTURES.filter((f) => !half || f.half === half);

// Misses of the held half found by the final score, left as they are (fixing them would tune
// on the held half). Each test here fails when the reader starts getting it right: then move it.
const KNOWN_MISSES: Record<string, string> = {
  // Lotus Notes' domino-section title ("Name --- Subject ---") above its Von/An/Datum table stays.
  'zammad/mail007.eml': 'Lotus Notes section title',
};

describe('reply text of help-desk and mail-client fixtures', () => {
  const cases = fixtures.map((f) => [`${f.half} ${f.file} (${f.client}, ${f.lang})`, f] as const);
  it.each(cases.filter(([, f]) => !KNOWN_MISSES[f.file]))('%s', async (_n, f) => {
    const got = await read(f);
    expect(squash(got.reply)).toBe(squash(f.reply));
    if (f.forwardFrom) expect(got.forwardFrom).toBe(f.forwardFrom);
  });
  for (const [name, f] of cases.filter(([, f]) => KNOWN_MISSES[f.file])) {
    it.fails(`known miss: ${name}`, async () => {
      expect(squash((await read(f)).reply)).toBe(squash(f.reply));
    });
  }
});

describe('the reply is the top-level body, never an attached message', () => {
  // Zammad's mail014: an Outlook reply with two messages attached. Without Content-Disposition
  // the attached messages are read inline into the text (as clients show them).
  const withDisposition = new TextDecoder().decode(fixtureBytes('zammad/mail014.eml'));
  const inline = withDisposition.replace(/Content-Disposition: attachment;\n(\t[^\n]*\n)+/g, '');

  it('stops reply_text where the attached messages begin, and keeps them in the text', async () => {
    expect(inline).not.toContain('Content-Disposition');
    const parsed = await parseMessage(inline);
    if (!parsed.ok) throw new Error('does not parse');
    const body = sanitizeBody(parsed.message);
    expect(body.text).toContain('Neue Anfrage erstellt - 33284');
    expect(body.text).toContain('Warenempfänger');
    expect(replyText(body.text, body.quoted)).toBe(
      'äöüß ad asd\n\n-Martin\n\n--\nOld programmers never die. They just branch to a new address.',
    );
  });

  it('gives the whole text when there is nothing of the sender above an attached message', async () => {
    const bare = inline.replace(
      '=E4=F6=FC=DF ad asd\n\n-Martin\n\n--\nOld programmers never die. They just branch to a new address.\n',
      '',
    );
    const parsed = await parseMessage(bare);
    if (!parsed.ok) throw new Error('does not parse');
    const body = sanitizeBody(parsed.message);
    expect(replyText(body.text, body.quoted)).toBe(body.text);
  });

  it("reads a forward's original sender from a message read inline, as from an attached one", async () => {
    const { forwardedOriginal } = await import('../../pipeline/forwarded.ts');
    const asForward = inline.replace('Subject: AW: OTRS [Ticket#118192]', 'Subject: WG: OTRS [Ticket#118192]');
    const parsed = await parseMessage(asForward);
    if (!parsed.ok) throw new Error('does not parse');
    expect(parsed.message.attachments.filter((a) => a.mimeType === 'message/rfc822')).toHaveLength(0);
    const body = sanitizeBody(parsed.message);
    expect((await forwardedOriginal(parsed.message, body.text))?.from.address).toBe('helpdesk@example.com');
  });

  it('marks nothing when no message is attached', async () => {
    const parsed = await parseMessage(withDisposition);
    if (!parsed.ok) throw new Error('does not parse');
    expect(parsed.message.ownBody).toBeUndefined();
  });
});

describe('a multipart message in which no part is found', () => {
  it('reads its body as text instead of dropping it', async () => {
    const raw =
      'From: a@example.com\nSubject: Re: x\nContent-Type: multipart/alternative; boundary=abc\n\nThanks!\n\nOn 24 Jul 2013, at 15:58, B <b@example.com>\nwrote:\n\n> Hi\n';
    const parsed = await parseMessage(raw);
    if (!parsed.ok) throw new Error('does not parse');
    expect(parsed.message.text).toBe('Thanks!\n\nOn 24 Jul 2013, at 15:58, B <b@example.com>\nwrote:\n\n> Hi');
    const body = sanitizeBody(parsed.message);
    expect(replyText(body.text, body.quoted)).toBe('Thanks!');
  });

  it('leaves a single-part message with an empty body empty', async () => {
    const parsed = await parseMessage('From: a@example.com\nSubject: x\nContent-Type: text/plain\n\n');
    if (!parsed.ok) throw new Error('does not parse');
    expect(parsed.message.text ?? '').toBe('');
  });
});

describe('a forwarded header block without a marker line', () => {
  it('is read when it starts with Subject and Date, as Thunderbird writes it', async () => {
    const { forwardedInText } = await import('../../pipeline/forwarded.ts');
    const body =
      'See below.\n\nSubject: Invoice 42\nDate: 2017-01-04 11:27\nFrom: Anna <anna@acme.com>\nTo: me@example.com\n\nPlease pay.';
    expect(forwardedInText(body, 'Fwd: Invoice 42')?.from.address).toBe('anna@acme.com');
    // Without a forward subject, a reply's quoted header block is not a forward.
    expect(forwardedInText(body, 'Re: Invoice 42')).toBeNull();
  });
});

describe('an attribution Gmail wrapped before the address', () => {
  it('is the start of the history, and a whole attribution under a reply line stays one', () => {
    const wrapped =
      'Thanks.\n\nOn Sun, Jun 9, 2013 at 1:39 PM, John Doe via Forum\n<reply+1@forum.example> wrote:\n> Hi';
    expect(replyText(wrapped)).toBe('Thanks.');
    expect(replyText('Thanks John\nOn Thu, 26 Jun 2014 at 14:41 John <john@acme.com> wrote:\n> x')).toBe('Thanks John');
  });
});

describe("Outlook mobile's sections", () => {
  it('reads messageReplySection as history and messageBodySection as the new text', () => {
    const el = (attribs: Record<string, string>) => ({ name: 'div', attribs, children: [] }) as never;
    expect(quoteMarkOf(el({ name: 'messageReplySection' }))).toBe('quote');
    expect(quoteMarkOf(el({ name: 'messageBodySection' }))).toBeNull();
  });
});

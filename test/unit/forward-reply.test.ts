// reply_text: the new content without the quoted history, per client and language, for
// plain text and for HTML as the sanitizer renders it, with and without its quote structure.
import { describe, expect, it } from 'vitest';
import { loadHtmlLibs } from '../../pipeline/html/libs.ts';
import { parseMessage } from '../../pipeline/parse.ts';
import { MAX_QUOTE_SPANS, quoteLines, quoteMarkOf } from '../../pipeline/reply-html.ts';
import { replyText } from '../../pipeline/reply.ts';
import { sanitizeBody, sanitizeHtml } from '../../pipeline/sanitize.ts';
import { corpusFile } from '../helpers/corpus.ts';
import { CORPUS_REPLIES, REPLY_CASES } from './forward/reply-samples.ts';
import { REPLIES } from './forward/replies.ts';
import { FORWARDS } from './forward/samples.ts';

await loadHtmlLibs();

/** reply_text as get_message gives it: HTML through the sanitizer with its quoted lines. */
function replyOf(c: { body: string; html?: boolean }): string {
  if (!c.html) return replyText(c.body);
  const { text, quoted } = sanitizeHtml(c.body);
  return replyText(text, quoted);
}

describe('reply text by client and language', () => {
  it.each(REPLIES.map((s) => [`${s.client} (${s.lang})`, s] as const))('%s', (_name, s) => {
    expect(replyText(s.text)).toBe(s.reply);
  });

  it.each(REPLY_CASES.map((c, i) => [`${c.client} (${c.lang}) #${i}`, c] as const))('%s', (_name, c) => {
    expect(replyOf(c)).toBe(c.reply);
  });

  it('a forward is never an empty reply: without a note it is the whole text; with one, the note', () => {
    const whole = (t: string) =>
      t
        .split('\n')
        .map((l) => l.trimEnd())
        .join('\n')
        .trim();
    for (const f of FORWARDS) {
      const reply = replyText(f.body);
      // Two forwards carry a note above the forwarded message: that note is the reply.
      const note =
        f.client === 'iPhone Mail' ? 'Sent from my iPhone' : f.body.startsWith('See below.') ? 'See below.' : null;
      const above = note ?? whole(f.body);
      expect(reply, `${f.client} (${f.lang})`).toBe(above);
    }
    const gmail = FORWARDS.find((s) => s.client === 'Gmail' && s.lang === 'de')!;
    expect(replyText(`Bitte bis Freitag zahlen.\n\n${gmail.body}`)).toBe('Bitte bis Freitag zahlen.');
  });

  it('keeps a message with no history whole, and inline answers without the quoted lines', () => {
    expect(replyText('Invoice 42 attached.\n\nThanks,\nAnna')).toBe('Invoice 42 attached.\n\nThanks,\nAnna');
    expect(replyText('> Can you pay?\nYes.\n> When?\nToday.')).toBe('Yes.\nToday.');
    expect(replyText('> only a quote\n> nothing else')).toBe('> only a quote\n> nothing else');
  });

  it('reads an attribution wrapped over lines, but not a reply line above it', () => {
    expect(replyText('Ok.\nOn Thu, 26 Jun 2014 at 14:41 John\n<john@acme.com> wrote:\n> x')).toBe('Ok.');
    expect(replyText('Thanks John\nOn Thu, 26 Jun 2014 at 14:41 John <john@acme.com> wrote:\n> x')).toBe('Thanks John');
    expect(replyText('Sure.\n\nOn Tue, 2014-06-24 at 18:02 +0530, John Doe\nwrote:\n> x')).toBe('Sure.');
  });

  it('a verb-less line with a date and an address is history only with a clock time, or over quoted lines', () => {
    expect(replyText('Да.\n\nчт, 26 июн. 2014 г. в 14:41, John <j@acme.com>:\n\nВстречаемся?')).toBe('Да.');
    const list = 'Invoice of 26.06.2014 from billing@acme.com:\n- 42 EUR\n- due Friday';
    expect(replyText(list)).toBe(list);
    expect(replyText('Ok.\n\n26.06.2014, John <j@acme.com>:\n> Pay?')).toBe('Ok.');
    expect(replyText('Да.\n\n26.06.2014, 14:41, John <j@acme.com<mailto:j@acme.com>>:\n\nОк?')).toBe('Да.');
  });
});

describe('reply text of real mail in the corpus, labelled by hand', () => {
  it.each(CORPUS_REPLIES.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const parsed = await parseMessage(corpusFile(c.path));
    if (!parsed.ok) throw new Error(`${c.path} does not parse`);
    const body = sanitizeBody(parsed.message);
    expect(replyText(body.text, body.quoted)).toBe(c.reply);
  });
});

describe('reply text of HTML by its structure', () => {
  it('marks the quoted lines of each client', () => {
    const lines = (html: string) => sanitizeHtml(html).quoted;
    expect(
      lines(
        '<p>Ok.</p><div class="gmail_quote"><div class="gmail_attr">On x wrote:</div><blockquote class="gmail_quote">q</blockquote></div>',
      ),
    ).toEqual([
      // "Ok." / "" / "On x wrote:" / "" / "q": the blank lines of the paragraph breaks go with the quote.
      { from: 1, to: 3 },
      { from: 3, to: 5 },
    ]);
    expect(lines('<div>Ok.</div><div id="divRplyFwdMsg"><b>From:</b> a</div><div>q</div>')).toEqual([
      { from: 1, to: Number.MAX_SAFE_INTEGER },
    ]);
    expect(lines('<p>See:</p><blockquote>cited</blockquote><p>More.</p>')).toEqual([{ from: 1, to: 3, weak: true }]);
    expect(lines('<p>No quote here.</p>')).toBeUndefined();
    // Invisible characters the sanitizer strips and table cells it trims do not shift the lines.
    expect(
      lines('<p>Ok\u200b.</p><table><tr><td>a</td><td></td></tr></table><blockquote type="cite">q</blockquote>'),
    ).toEqual([{ from: 3, to: 5 }]);
    const many = Array.from(
      { length: 40 },
      (_, i) => `<p>answer ${i}</p><blockquote type="cite">q ${i}</blockquote>`,
    ).join('');
    expect(lines(many)).toHaveLength(MAX_QUOTE_SPANS);
  });

  it('gives no lines when the text does not hold what the renderer wrote', () => {
    expect(quoteLines(['Ok.', '\u0001', 'q'], [{ mark: 'quote', start: 2, end: 3 }], 'Ok.\nq')).toEqual([
      { from: 1, to: 2 },
    ]);
    expect(quoteLines(['Ok.', '\u0001', 'q'], [{ mark: 'quote', start: 2, end: 3 }], 'Ok.\nqq')).toEqual([]);
  });

  it('names the markers it reads', () => {
    const el = (name: string, attribs: Record<string, string>) => ({ name, attribs, children: [] }) as never;
    expect(quoteMarkOf(el('blockquote', { type: 'cite' }))).toBe('quote');
    expect(quoteMarkOf(el('blockquote', {}))).toBe('weak');
    expect(quoteMarkOf(el('div', { class: 'ydp12ab34cdyahoo_quoted' }))).toBe('quote');
    expect(quoteMarkOf(el('div', { id: 'x_divRplyFwdMsg' }))).toBe('rest');
    const box = 'border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm';
    const header = { type: 'tag', name: 'b', attribs: {}, children: [{ type: 'text', data: 'From:' }] };
    expect(quoteMarkOf({ name: 'div', attribs: { style: box }, children: [header] } as never)).toBe('rest');
    // The same box around anything but a header block is the sender's layout.
    const offer = { name: 'div', attribs: { style: box }, children: [{ type: 'text', data: 'Our offer' }] };
    expect(quoteMarkOf(offer as never)).toBeNull();
    expect(quoteMarkOf(el('div', { class: 'gmail_quote' }))).toBeNull();
    expect(quoteMarkOf(el('div', { style: 'border-top:1px solid red' }))).toBeNull();
  });

  it('keeps a quotation in the middle, drops a plain blockquote at the end or under an attribution', () => {
    const reply = (html: string) => replyOf({ body: html, html: true });
    expect(reply('<p>As it says:</p><blockquote>Pay in 30 days.</blockquote><p>So pay.</p>')).toBe(
      'As it says:\n\nPay in 30 days.\n\nSo pay.',
    );
    expect(reply('<p>Done.</p><blockquote>Please pay.</blockquote>')).toBe('Done.');
    expect(
      reply(
        '<p>Done.</p><p>26.06.2014, 14:41, John &lt;j@acme.com&gt;:</p><blockquote>Pay?</blockquote><p>PS: paid.</p>',
      ),
    ).toBe('Done.\n\nPS: paid.');
  });

  it('a Thunderbird answer under the quote is the reply, never an empty one', () => {
    const html =
      '<div class="moz-cite-prefix">On 26.06.2014 14:41, John Doe wrote:<br></div><blockquote type="cite">Can you pay?</blockquote><p>Yes, today.</p>';
    expect(replyOf({ body: html, html: true })).toBe('Yes, today.');
    // Without the structure the text has no "> " to tell the quote from the answer: the whole text, not nothing.
    expect(replyText(sanitizeHtml(html).text)).toContain('Yes, today.');
  });
});

describe('reply text on hostile text', () => {
  it('many quoted blocks and long lines stay fast and give the answer', () => {
    expect(replyText(`${'On Mon, John <j@acme.com> wrote:\n> x\n'.repeat(20_000)}Answer.`)).toBe('Answer.');
    expect(replyText(`${'From: a@acme.com '.repeat(5000)}\n`.repeat(50))).toContain('From: a@acme.com');
  });
});

describe('reply text of HTML mail', () => {
  const cases: [string, string][] = [
    [
      'gmail_quote',
      '<div dir="ltr">Paid today.</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Wed, Oct 27, 2021 at 9:31 AM John Doe &lt;<a href="mailto:john.doe@acme.com">john.doe@acme.com</a>&gt; wrote:<br></div><blockquote class="gmail_quote">Please pay invoice 42.</blockquote></div>',
    ],
    [
      'divRplyFwdMsg',
      '<div>Paid today.</div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri" style="font-size:11pt"><b>From:</b> John Doe &lt;john.doe@acme.com&gt;<br><b>Sent:</b> Wednesday, October 27, 2021 9:31 AM<br><b>To:</b> Anna<br><b>Subject:</b> Invoice 42</font><div>&nbsp;</div></div><div>Please pay invoice 42.</div>',
    ],
    [
      'blockquote type=cite',
      '<div>Paid today.</div><div><br><blockquote type="cite"><div>On 27 Oct 2021, at 09:31, John Doe &lt;john.doe@acme.com&gt; wrote:</div><br><div>Please pay invoice 42.</div></blockquote></div>',
    ],
    [
      'yahoo_quoted',
      '<div>Paid today.</div><div id="yahoo_quoted_123" class="yahoo_quoted"><div>On Wednesday, October 27, 2021, 09:31:00 AM GMT+1, John Doe &lt;john.doe@acme.com&gt; wrote:</div><div><br></div><div>Please pay invoice 42.</div></div>',
    ],
    [
      'moz-cite-prefix',
      '<p>Paid today.</p><div class="moz-cite-prefix">On 10/27/21 9:31 AM, John Doe wrote:<br></div><blockquote type="cite">Please pay invoice 42.</blockquote>',
    ],
  ];
  it.each(cases)('%s', (_name, html) => {
    const { text } = sanitizeHtml(html);
    expect(text).toContain('Please pay invoice 42.');
    expect(replyText(text)).toBe('Paid today.');
  });
});

describe('reply text in the webhook body', () => {
  it('carries the new content of the message', async () => {
    const { webhookBody } = await import('../../services/webhook-outbox.ts');
    const capture = { id: 'cap_1', bucket_name: 'invoices', status: 'applied', fields: {}, confidence: 1 };
    const message = {
      id: 'msg_1',
      from: { name: '', address: 'a@acme.com' },
      recipients: ['in@x.example'],
      subject: 'Re: 42',
      received_at: 'now',
    };
    const body = JSON.parse(
      webhookBody('dlv_1', capture as never, message as never, {
        text: 'Paid today.\n\nOn Wed, Oct 27, 2021 at 9:31 AM John <j@acme.com> wrote:\n> Please pay.',
        quoted: null,
      }),
    );
    expect(body.message.reply_text).toBe('Paid today.');
    // The HTML's quote lines stored with the body: an answer under a quote that has no "> ".
    const html = sanitizeHtml(
      '<div class="moz-cite-prefix">On 27.10.2021 09:31, John wrote:</div><blockquote type="cite">Please pay.</blockquote><p>Paid today.</p>',
    );
    const fromHtml = JSON.parse(
      webhookBody('dlv_2', capture as never, message as never, { text: html.text, quoted: html.quoted ?? null }),
    );
    expect(fromHtml.message.reply_text).toBe('Paid today.');
  });
});

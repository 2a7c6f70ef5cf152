// reply_text: the new content without the quoted history, per client and language, for
// plain text and for HTML as the sanitizer renders it.
import { describe, expect, it } from 'vitest';
import { replyText } from '../../pipeline/reply.ts';
import { sanitizeHtml } from '../../pipeline/sanitize.ts';
import { REPLIES } from './forward/replies.ts';
import { FORWARDS } from './forward/samples.ts';

describe('reply text by client and language', () => {
  it.each(REPLIES.map((s) => [`${s.client} (${s.lang})`, s] as const))('%s', (_name, s) => {
    expect(replyText(s.text)).toBe(s.reply);
  });

  it('a forward without a note has no new content; with a note, the note', () => {
    for (const f of FORWARDS) expect(replyText(f.body), `${f.client} (${f.lang})`).toBe('');
    const gmail = FORWARDS.find((s) => s.client === 'Gmail' && s.lang === 'de')!;
    expect(replyText(`Bitte bis Freitag zahlen.\n\n${gmail.body}`)).toBe('Bitte bis Freitag zahlen.');
  });

  it('keeps a message with no history whole, and inline answers without the quoted lines', () => {
    expect(replyText('Invoice 42 attached.\n\nThanks,\nAnna')).toBe('Invoice 42 attached.\n\nThanks,\nAnna');
    expect(replyText('> Can you pay?\nYes.\n> When?\nToday.')).toBe('Yes.\nToday.');
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
      webhookBody(
        'dlv_1',
        capture as never,
        message as never,
        'Paid today.\n\nOn Wed, Oct 27, 2021 at 9:31 AM John <j@acme.com> wrote:\n> Please pay.',
      ),
    );
    expect(body.message.reply_text).toBe('Paid today.');
  });
});

// get_message for forwarded mail and replies: the original's from/date/subject, the note
// naming the forwarder, and reply_text without the history.
import { describe, expect, it } from 'vitest';
import { type caller, useSandboxApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

describe('get_message: forwarded and reply_text', () => {
  const suite = useSandboxApp();
  const call: ReturnType<typeof caller> = (tool, args) => suite.call(tool, args);

  it('an Outlook forward from a trusted forwarder (mailto-wrapped address) reads as from its original', async () => {
    await call('create_bucket', {
      name: 'fwd-original',
      priority: 1,
      rule: { sender_domain: 'acme.example' },
      policy: { forwarders: ['pa@assistant.example'] },
    });
    const text =
      'Please pay this one.\n\n-----Original Message-----\n' +
      'From: John Doe <john.doe@acme.example<mailto:john.doe@acme.example>>\nSent: Wednesday, October 27, 2021 3:14 PM\n' +
      'To: ap@customer.example\nSubject: Invoice 77\n\nInvoice number: 77';
    const ingested = (
      await call('ingest_message', {
        eml: buildEml({ from: 'PA <pa@assistant.example>', subject: 'FW: Invoice 77', text }),
      })
    ).body;
    const m = (await call('get_message', { id: ingested.message_id })).body;
    expect(m.from).toEqual({ name: 'John Doe', address: 'john.doe@acme.example' });
    expect(m.notes.join(' ')).toContain('forwarded by pa@assistant.example');
    expect(m.forwarded).toEqual({
      from: { name: 'John Doe', address: 'john.doe@acme.example' },
      date: 'Wednesday, October 27, 2021 3:14 PM',
      subject: 'Invoice 77',
    });
    expect(m.reply_text).toBe('Please pay this one.');
    expect(m.text).toContain('Invoice number: 77');
  });

  it("a forward attached as message/rfc822 shows the attached message's header", async () => {
    await call('create_bucket', {
      name: 'fwd-attached',
      priority: 1,
      rule: { sender_domain: 'roe.example' },
      policy: { forwarders: ['pa@assistant.example'] },
    });
    const original = buildEml({
      from: 'Jane Roe <jane@roe.example>',
      subject: 'Invoice 78',
      text: 'Invoice number: 78',
    });
    const eml = buildEml({
      from: 'PA <pa@assistant.example>',
      subject: 'Fwd: Invoice 78',
      text: 'See attached.',
      attachments: [{ filename: 'invoice.eml', contentType: 'message/rfc822', content: original }],
    });
    const m = (await call('get_message', { id: (await call('ingest_message', { eml })).body.message_id })).body;
    expect(m.from).toEqual({ name: 'Jane Roe', address: 'jane@roe.example' });
    expect(m.forwarded).toEqual({
      from: { name: 'Jane Roe', address: 'jane@roe.example' },
      date: '2026-03-03T10:00:00.000Z',
      subject: 'Invoice 78',
    });
    expect(m.reply_text).toBe('See attached.');
  });

  it('a reply has reply_text without the quoted history and no forwarded block', async () => {
    const text =
      'Paid today.\n\nOn Tue, 3 Mar 2026 at 09:00, Billing <billing@vendor.example> wrote:\n> Invoice number: 2026-80\n> Total due: EUR 10.00';
    const ingested = (await call('ingest_message', { eml: buildEml({ subject: 'Re: Invoice 2026-80', text }) })).body;
    const m = (await call('get_message', { id: ingested.message_id })).body;
    expect(m.reply_text).toBe('Paid today.');
    expect(m.forwarded).toBeNull();
  });

  it("an HTML reply's quote structure is stored with the body: answers under and between quotes stay", async () => {
    const html =
      '<div class="moz-cite-prefix">On 03.03.2026 09:00, Billing wrote:<br></div>' +
      '<blockquote type="cite">Invoice number: 2026-81</blockquote><p>Paid today.</p>' +
      '<blockquote type="cite">Which account?</blockquote><p>The usual one.</p>';
    const ingested = (await call('ingest_message', { eml: buildEml({ subject: 'Re: Invoice 2026-81', html }) })).body;
    const m = (await call('get_message', { id: ingested.message_id })).body;
    expect(m.text).toContain('Invoice number: 2026-81');
    expect(m.reply_text).toBe('Paid today.\n\nThe usual one.');
  });
});

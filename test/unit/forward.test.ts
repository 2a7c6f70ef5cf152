// Forwarded mail from each client and language: the original sender (a valid address or
// nothing), date and subject; replies that quote someone are not forwards.
import { describe, expect, it } from 'vitest';
import { isForwardSubject, isReplySubject } from '../../pipeline/forward-markers.ts';
import { forwardedInText } from '../../pipeline/forwarded.ts';
import { isValidAddress, mailboxFromText } from '../../pipeline/mailbox-text.ts';
import { HELD_OUT } from './forward/heldout.ts';
import { FORWARDS, NOT_FORWARDS } from './forward/samples.ts';

describe('forwards by client and language', () => {
  it.each([...FORWARDS, ...HELD_OUT].map((s) => [`${s.client} (${s.lang})`, s] as const))('%s', (_name, s) => {
    const original = forwardedInText(s.body, s.subject);
    expect(original?.from).toEqual({ name: 'John Doe', address: 'john.doe@acme.com' });
    if (original?.subject !== null) expect(original?.subject).toBe('Integer consequat non purus');
  });

  it.each(NOT_FORWARDS.map((s) => [`${s.client} (${s.lang})`, s] as const))('%s reply is not a forward', (_name, s) => {
    expect(forwardedInText(s.body, s.subject)).toBeNull();
  });

  it('reads the date and subject of a forwarded block', () => {
    const gmail = FORWARDS.find((s) => s.client === 'Gmail' && s.lang === 'de')!;
    expect(forwardedInText(gmail.body, gmail.subject)).toEqual({
      from: { name: 'John Doe', address: 'john.doe@acme.com' },
      date: 'Mi., 27. Okt. 2021 um 09:31 Uhr',
      subject: 'Integer consequat non purus',
      ambiguity: null,
    });
    const yahoo = FORWARDS.find((s) => s.client === 'Yahoo' && s.lang === 'en')!;
    expect(forwardedInText(yahoo.body, yahoo.subject)?.date).toBe('Tuesday, November 2, 2021, 09:26:50 AM GMT+1');
  });

  it('a marker-less From/Sent block needs a forward subject', () => {
    const outlook = FORWARDS.find((s) => s.client === 'new Outlook' && s.lang === 'de')!;
    expect(forwardedInText(outlook.body, 'Integer consequat non purus')).toBeNull();
    expect(isForwardSubject('WG: x')).toBe(true);
    expect(isForwardSubject('Fwd：x')).toBe(true);
    expect(isReplySubject('AW: x')).toBe(true);
    expect(isForwardSubject('Invoice: March')).toBe(false);
  });
});

describe('addresses taken from text are valid or nothing', () => {
  it.each([
    ['John Doe <john@acme.com<mailto:john@acme.com>>', { name: 'John Doe', address: 'john@acme.com' }],
    ['John Doe [mailto:john@acme.com]', { name: 'John Doe', address: 'john@acme.com' }],
    ['"Doe, John" <John.Doe@Acme.com>', { name: 'Doe, John', address: 'john.doe@acme.com' }],
    ['mailto:john@acme.com', { name: '', address: 'john@acme.com' }],
    ['john@acme.com.', { name: '', address: 'john@acme.com' }],
  ])('%s', (text, mailbox) => {
    expect(mailboxFromText(text)).toEqual(mailbox);
  });

  it.each([
    'John Doe <john@localhost>',
    'john@@acme.com',
    'no address here',
    '<@acme.com>',
    'a..b@acme.com',
    'x@acme.c0m',
  ])('%s gives nothing', (text) => {
    expect(mailboxFromText(text)).toBeNull();
  });

  it('validates addresses', () => {
    expect(isValidAddress('a.b+tag@sub.acme.co.uk')).toBe(true);
    expect(isValidAddress('mailto:a@b.com')).toBe(false);
    expect(isValidAddress('a@b')).toBe(false);
  });

  it('stays linear on hostile text', () => {
    expect(mailboxFromText(`${'a'.repeat(100_000)}@${'.'.repeat(100_000)}`)).toBeNull();
    expect(forwardedInText(`From: ${'x'.repeat(50_000)}\n`.repeat(20), 'FW: x')).toBeNull();
  });
});

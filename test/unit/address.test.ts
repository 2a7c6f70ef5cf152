// Addresses read by the RFC 5322 parser (pipeline/address.ts): the real domain of every
// spoofing form an attacker tries, what makes a From ambiguous, and the same reading
// for a forwarded header block and for mail authentication's From.
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  domainOf,
  localPartOf,
  MAX_STRICT_CHARS,
  readAddressField,
  readFrom,
  readAddressFields,
  readRecipientFields,
  readStrictField,
} from '../../pipeline/address.ts';
import { corpusFile, corpusIndex } from '../helpers/corpus.ts';
import { matchesForwarder } from '../../pipeline/forwarded.ts';
import { mailboxReadingFromText } from '../../pipeline/mailbox-text.ts';
import { parseMessage, rawHeaderValues } from '../../pipeline/parse.ts';
import { compileRule } from '../../pipeline/rules.ts';
import type { Flag, MessageView } from '../../pipeline/types.ts';
import { declaresUtf7, decodeUtf7 } from '../../pipeline/utf7.ts';
import { headerFromDomains } from '../../services/mail-auth.ts';

/** An RFC 2047 encoded word (UTF-8, base64). */
const b64 = (text: string) => `=?utf-8?b?${Buffer.from(text).toString('base64')}?=`;
const from = (...values: string[]) => readFrom(values, new Set<Flag>());
const eml = (headers: string[]) =>
  `${[...headers, 'To: ap@acme.example', 'Subject: Invoice', 'Content-Type: text/plain', ''].join('\r\n')}\r\nbody\r\n`;

describe('the domain of a From, as an attacker writes it', () => {
  // Each form names trusted-vendor.example to a reader; the mailbox is at attacker.example.
  const spoofs: [string, string, RegExp][] = [
    [
      '"billing@trusted-vendor.example"@attacker.example',
      '"billing@trusted-vendor.example"@attacker.example',
      /local part holds '@'/,
    ],
    [
      '"billing\\@trusted-vendor.example"@attacker.example',
      '"billing@trusted-vendor.example"@attacker.example',
      /local part holds '@'/,
    ],
    [
      '"billing@trusted-vendor.example" <x@attacker.example>',
      'x@attacker.example',
      /display name names another address \(billing@trusted-vendor.example\)/,
    ],
    [
      '=?utf-8?q?billing=40trusted-vendor.example?= <x@attacker.example>',
      'x@attacker.example',
      /display name names another address/,
    ],
    [
      `${b64('Vendor <billing@trusted-vendor.example>')} <x@attacker.example>`,
      'x@attacker.example',
      /display name names another address/,
    ],
    [
      '"billing＠trusted-vendor.example" <x@attacker.example>',
      'x@attacker.example',
      /display name names another address/,
    ],
    ['x@attacker.example (trusted-vendor.example)', 'x@attacker.example', /a comment names trusted-vendor.example/],
    [
      'Vendor (billing@trusted-vendor.example) <x@attacker.example>',
      'x@attacker.example',
      /a comment names billing@trusted-vendor.example/,
    ],
    ['<@trusted-vendor.example:x@attacker.example>', 'x@attacker.example', /source route/],
    ['Vendor: billing@trusted-vendor.example;', 'billing@trusted-vendor.example', /group syntax/],
    ['billing@trusted-vendor.example, x@attacker.example', 'billing@trusted-vendor.example', /names 2 mailboxes/],
    ['billing@trusted-vendor.example <x@attacker.example>', 'x@attacker.example', /not RFC 5322/],
  ];
  it.each(spoofs)('%s', (value, address, reason) => {
    const read = from(value);
    expect(read.from?.address).toBe(address);
    expect(read.ambiguity).toMatch(reason);
    // A name that names an address is never a name (vendor_name, the mailbox name extractor).
    expect(read.from?.name).not.toMatch(/@|＠/);
  });

  it('the domain is the real one: after the last @ of the canonical address, never inside a quoted local part', () => {
    const address = from('"billing@trusted-vendor.example"@Attacker.Example').from!.address;
    expect(address).toBe('"billing@trusted-vendor.example"@attacker.example');
    expect(domainOf(address)).toBe('attacker.example');
    expect(localPartOf(address)).toBe('billing@trusted-vendor.example');
    // postal-mime's flattened form of the same, from older stored messages, names the same domain.
    expect(domainOf('billing@trusted-vendor.example@attacker.example')).toBe('attacker.example');
    expect(canonicalAddress('a b', 'x.example')).toBe('"a b"@x.example');
    expect(canonicalAddress('q"uote', 'x.example')).toBe('"q\\"uote"@x.example');
    expect(canonicalAddress('jöhn.doe', 'x.example')).toBe('jöhn.doe@x.example');
  });

  it('two From fields are ambiguous in either order; the first is the one shown', () => {
    for (const [a, b] of [
      ['billing@trusted-vendor.example', 'x@attacker.example'],
      ['x@attacker.example', 'billing@trusted-vendor.example'],
    ] as const) {
      const read = from(a, b);
      expect(read.from?.address).toBe(a);
      expect(read.mailboxes.map((m) => m.address)).toEqual([a, b]);
      expect(read.ambiguity).toMatch(/the message has 2 From fields/);
    }
  });

  it('plain senders are not ambiguous and keep their names', () => {
    const plain: [string, string, string][] = [
      ['Vendor Billing <billing@vendor.example>', 'Vendor Billing', 'billing@vendor.example'],
      ['"Doe, John" <John.Doe@Acme.example>', 'Doe, John', 'john.doe@acme.example'],
      ['John "Q" Doe <j@acme.example>', 'John Q Doe', 'j@acme.example'],
      ['John Q. Doe <j@acme.example>', 'John Q. Doe', 'j@acme.example'],
      ['=?utf-8?q?J=C3=B6rg_M=C3=BCller?= <j@acme.example>', 'Jörg Müller', 'j@acme.example'],
      ['john@acme.example (John Doe)', '', 'john@acme.example'],
      ['Acme <billing@acme.example> (mail.acme.example)', 'Acme', 'billing@acme.example'],
      // Many clients repeat the address as the name: nothing is lost, nothing is ambiguous.
      ['"billing@vendor.example" <billing@vendor.example>', '', 'billing@vendor.example'],
    ];
    for (const [value, name, address] of plain) {
      expect(from(value), value).toEqual({ from: { name, address }, mailboxes: [{ name, address }], ambiguity: null });
    }
    expect(from()).toEqual({ from: null, mailboxes: [], ambiguity: null });
  });

  it('a name holds no control or invisible character; the class is flagged', () => {
    const flags = new Set<Flag>();
    const read = readAddressField(`${b64('Vendor\r\nX-Evil: 1\u{E0069}\u{E0067}')} <x@attacker.example>`, flags);
    expect(read.mailboxes).toEqual([{ name: 'Vendor X-Evil: 1', address: 'x@attacker.example' }]);
    expect([...flags]).toEqual(['invisible_chars']);
  });

  it('a value over the strict limit is read leniently and is ambiguous as a From', () => {
    const long = `${'a'.repeat(MAX_STRICT_CHARS)} <x@attacker.example>`;
    const read = from(long);
    expect(read.from?.address).toBe('x@attacker.example');
    expect(read.ambiguity).toMatch(/longer than 998 characters/);
    // Hostile syntax never throws (deep comment nesting overflows the parser's stack).
    expect(from(`${'('.repeat(400)}x@a.example`).ambiguity).toMatch(/not RFC 5322/);
  });
});

describe('recipient lists', () => {
  it('plain lists read without the parser read exactly as the parser reads them (every corpus To and Cc)', () => {
    let compared = 0;
    for (const { path } of corpusIndex()) {
      const raw = corpusFile(path);
      for (const value of [...rawHeaderValues(raw, 'to'), ...rawHeaderValues(raw, 'cc')]) {
        expect(readRecipientFields([value], new Set()), `${path}: ${value}`).toEqual(
          readAddressField(value, new Set()).mailboxes,
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
    for (const value of ['a@b.example', 'Ann Lee <ann@b.example>, bob@c.example', "O'Brien <ob@x.example>"]) {
      expect(readRecipientFields([value], new Set())).toEqual(readAddressField(value, new Set()).mailboxes);
    }
  });
});

describe("postal-mime's own reading of To, Cc and Reply-To, lent to the lenient fallback", () => {
  it('reads every corpus message as a second lenient parse of each field reads it', async () => {
    let lenient = 0;
    let several = 0;
    for (const { path } of corpusIndex()) {
      const raw = corpusFile(path);
      const email = await PostalMime.parse(raw);
      const parsed = await parseMessage(raw);
      const values = (name: string) => email.headers.filter((h) => h.key === name).map((h) => h.value);
      const lent = { to: email.to ?? [], cc: email.cc ?? [], 'reply-to': email.replyTo ?? [] };
      // parseMessage decodes a UTF-7 message's names as well.
      const fix = declaresUtf7(Buffer.from(raw).toString('latin1')) ? decodeUtf7 : undefined;
      for (const name of ['to', 'cc', 'reply-to'] as const) {
        const read = name === 'reply-to' ? readAddressFields : readRecipientFields;
        const once = read(values(name), new Set(), fix, lent[name]);
        expect(once, `${path} ${name}`).toEqual(read(values(name), new Set(), fix));
        if (parsed.ok) expect(parsed.message[name === 'reply-to' ? 'replyTo' : name], `${path} ${name}`).toEqual(once);
        lenient += values(name).filter((v) => !readStrictField(v, new Set())).length;
        if (values(name).length > 1) several++;
      }
    }
    // The corpus holds fields only the lenient parser reads (a 135 kB To among them), and
    // messages with several fields of a kind, whose joint reading is not lent.
    expect(lenient).toBeGreaterThan(5);
    expect(several).toBeGreaterThan(0);
  });

  it('reads each of several To fields on its own, however long', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `"Team ${i}" <t${i}@b.example>`).join(', ');
    expect(long.length).toBeGreaterThan(MAX_STRICT_CHARS);
    const raw = `From: a@v.example\r\nTo: ${long}\r\nTo: Ann <ann@c.example>\r\nSubject: x\r\n\r\nbody\r\n`;
    const parsed = await parseMessage(new TextEncoder().encode(raw));
    const to = parsed.ok ? parsed.message.to.map((m) => m.address) : [];
    expect(to).toHaveLength(61);
    expect(to.slice(0, 2)).toEqual(['t0@b.example', 't1@b.example']);
    expect(to.at(-1)).toBe('ann@c.example');
  });
});

describe('every reader of an address reads the real domain', () => {
  const view = (address: string): MessageView => ({
    from: { name: '', address },
    to: [],
    cc: [],
    replyTo: [],
    subject: '',
    headers: [],
    recipients: ['acme.invoices@in.test'],
    documents: [],
    auth: null,
  });

  it('sender_domain rules and forwarders entries', () => {
    const rule = compileRule({ sender_domain: 'trusted-vendor.example' });
    const spoof = '"billing@trusted-vendor.example"@attacker.example';
    expect(rule(view(spoof)).matched).toBe(false);
    // postal-mime's flattened form (what split('@')[1] read as the vendor) names the attacker too.
    expect(rule(view('billing@trusted-vendor.example@attacker.example')).matched).toBe(false);
    expect(rule(view('billing@trusted-vendor.example')).matched).toBe(true);
    expect(compileRule({ sender_domain: 'attacker.example' })(view(spoof)).matched).toBe(true);
    expect(matchesForwarder('@trusted-vendor.example', spoof)).toBe(false);
    expect(matchesForwarder('.trusted-vendor.example', spoof)).toBe(false);
    expect(matchesForwarder('@attacker.example', spoof)).toBe(true);
  });

  it('the message parser: from, its ambiguity flag and note', async () => {
    const parsed = await parseMessage(eml(['From: "pa@assistant.example"@attacker.example']));
    if (!parsed.ok) throw new Error('refused');
    expect(parsed.message.from).toEqual({ name: '', address: '"pa@assistant.example"@attacker.example' });
    expect(parsed.message.flags).toContain('sender_ambiguous');
    expect(parsed.message.fromAmbiguity).toMatch(/local part holds '@'/);
    expect(parsed.message.notes.join('\n')).toMatch(/^sender ambiguous: From: its local part holds '@'/m);
    const plain = await parseMessage(eml(['From: Vendor <billing@vendor.example>']));
    if (!plain.ok) throw new Error('refused');
    expect(plain.message.flags).not.toContain('sender_ambiguous');
    expect(plain.message.fromAmbiguity).toBeNull();
  });

  it('mail authentication reads the same From domains from the raw bytes', () => {
    const raw = (headers: string[]) => new TextEncoder().encode(eml(headers));
    expect(headerFromDomains(raw(['From: "billing@trusted-vendor.example"@attacker.example']))).toEqual([
      'attacker.example',
    ]);
    expect(
      headerFromDomains(raw(['From: x@attacker.example', 'From:\r\n  Vendor <billing@trusted-vendor.example>'])),
    ).toEqual(['attacker.example', 'trusted-vendor.example']);
    expect(headerFromDomains(raw(['Subject: no sender']))).toEqual([]);
    // Only the header block: a From line in the body is not a header.
    expect(rawHeaderValues(new TextEncoder().encode('Subject: x\r\n\r\nFrom: a@b.example\r\n'), 'from')).toEqual([]);
  });

  it('a forwarded header block is read by the same parser', () => {
    expect(mailboxReadingFromText('"billing@trusted-vendor.example"@attacker.example')).toEqual({
      mailbox: { name: '', address: '"billing@trusted-vendor.example"@attacker.example' },
      ambiguity: 'its local part holds \'@\' ("billing@trusted-vendor.example"@attacker.example)',
    });
    expect(mailboxReadingFromText('Original Vendor <billing@original.example>')).toEqual({
      mailbox: { name: 'Original Vendor', address: 'billing@original.example' },
      ambiguity: null,
    });
    // Outlook's forms the parser does not read: scanned, plain when every address is the same one.
    expect(mailboxReadingFromText('John Doe [mailto:john@acme.example]')).toEqual({
      mailbox: { name: 'John Doe', address: 'john@acme.example' },
      ambiguity: null,
    });
    expect(mailboxReadingFromText('john@acme.example<mailto:john@acme.example>')?.ambiguity).toBeNull();
    expect(mailboxReadingFromText('"billing@vendor.example" x@attacker.example')?.ambiguity).toMatch(
      /names 2 addresses/,
    );
    expect(mailboxReadingFromText('"billing@vendor.example"@attacker.example [mailto:x]')?.ambiguity).toMatch(
      /an '@' outside its address/,
    );
  });
});

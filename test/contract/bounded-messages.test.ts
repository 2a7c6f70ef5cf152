// No stored message can make a list or a read fail (issue 23, finding 8): messages with a
// 135 KB Subject, 5,000 headers, a 1 MB From display name, a 100 KB attachment file name
// and 10,000 recipients are ingested into a real service, then listed newest first with
// limit 1 and with the default, and read with get_message (also max_text_chars 0 and
// include_headers), over REST and MCP alike. Every field is bounded and `limited` says
// which were shortened; the stored message stays whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createSandbox } from '../../services/accounts.ts';
import { callMcp, callRest, makeTestApp, mcpClient, toolNamed, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

const LIMIT = 128 * 1024;

/** A header line folded as mail software folds it: at a space before 76 characters. */
function folded(name: string, value: string): string {
  const words = value.split(' ');
  const lines: string[] = [];
  let line = `${name}:`;
  for (const word of words) {
    if (line.length + 1 + word.length > 76 && line.length > 0) {
      lines.push(line);
      line = '';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines.join('\r\n');
}

/** `phrase` repeated up to `length` characters. */
const repeated = (phrase: string, length: number) => phrase.repeat(Math.ceil(length / phrase.length)).slice(0, length);

const LONG_SUBJECT = repeated('Invoice 2026-0142 for pallets delivered to the Basel warehouse ', 135_000).trim();
const LONG_NAME = repeated('Acme Billing Department of Many Names ', 1_000_000).trim();
const LONG_FILENAME = `${repeated('invoice-2026-0142-', 100_000)}.pdf`;
const RECIPIENTS = Array.from({ length: 10_000 }, (_, i) => `clerk${i}@customer.example`);

function plain(headers: string[], body = 'Please find the details below.\r\n'): string {
  return [
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    ...headers,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\r\n');
}

const MESSAGES: { name: string; eml: string }[] = [
  { name: 'ordinary', eml: buildEml({ subject: 'Invoice 2026-0141', text: 'Amount due: 120.00 EUR' }) },
  {
    name: '135 KB subject',
    eml: plain(['From: Billing <billing@vendor.example>', 'To: ap@customer.example', folded('Subject', LONG_SUBJECT)]),
  },
  {
    name: '5,000 headers',
    eml: plain([
      'From: Billing <billing@vendor.example>',
      'To: ap@customer.example',
      'Subject: Relayed many times',
      ...Array.from({ length: 5000 }, (_, i) => `X-Relay-Trace: hop ${i} via relay-${i}.transit.example`),
    ]),
  },
  {
    name: '1 MB From display name',
    eml: plain([
      folded('From', `"${LONG_NAME}" <billing@vendor.example>`),
      'To: ap@customer.example',
      'Subject: Who is this from',
    ]),
  },
  {
    name: '100 KB attachment file name',
    eml: [
      'From: Billing <billing@vendor.example>',
      'To: ap@customer.example',
      'Subject: Invoice attached',
      'Date: Tue, 03 Mar 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The invoice is attached.',
      '--b1',
      `Content-Type: text/plain; name="${LONG_FILENAME}"`,
      `Content-Disposition: attachment; filename="${LONG_FILENAME}"`,
      '',
      'Invoice 2026-0142, amount 99.00 EUR',
      '--b1--',
      '',
    ].join('\r\n'),
  },
  {
    name: '10,000 recipients',
    eml: plain(['From: Billing <billing@vendor.example>', folded('To', RECIPIENTS.join(', ')), 'Subject: To everyone']),
  },
];

type Call = (tool: string, args: Record<string, unknown>) => Promise<{ ok: boolean; body: any; bytes: number }>;

const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8');

/** Pages list_messages newest first from the start, following next_before. */
async function listAll(call: Call, limit?: number) {
  const pages: any[] = [];
  for (let before: string | undefined; ; ) {
    const r = await call('list_messages', { ...(limit ? { limit } : {}), ...(before ? { before } : {}) });
    expect(r.ok, JSON.stringify(r.body).slice(0, 300)).toBe(true);
    pages.push(r.body);
    if (r.body.next_before === null) return pages;
    before = r.body.next_before;
  }
}

const limitedOf = (view: { limited: { field: string; length: number; kept: number }[] }, field: string) =>
  view.limited.find((l) => l.field === field);

describe('messages that once made a list or a read fail', () => {
  let t: TestApp;
  let mcp: Client;
  let rest: Call;
  let overMcp: Call;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    t = await makeTestApp();
    const { key } = await createSandbox(t.app, 'operator');
    mcp = await mcpClient(t.h3, key);
    rest = async (tool, args) => {
      const r = await callRest(t.h3, toolNamed(tool), key, args);
      return { ok: r.status === 200, body: r.body, bytes: bytes(r.body) };
    };
    overMcp = async (tool, args) => {
      const r = await callMcp(mcp, tool, args);
      return { ok: !r.isError, body: r.body, bytes: bytes(r.body) };
    };
    for (const m of MESSAGES) {
      const r = await rest('ingest_message', { eml: m.eml });
      expect(r.ok, `${m.name}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(true);
      ids.set(m.name, r.body.message_id);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('stores each as it came: the whole subject, every recipient', async () => {
    const stored = await t.app.db.readOne('SELECT length(subject) AS n FROM messages WHERE id = ?', [
      ids.get('135 KB subject')!,
    ]);
    expect(Number(stored!.n)).toBe(LONG_SUBJECT.length);
    const many = await t.app.db.readOne('SELECT recipients FROM messages WHERE id = ?', [
      ids.get('10,000 recipients')!,
    ]);
    expect(JSON.parse(String(many!.recipients))).toHaveLength(10_000);
  });

  it('lists every one newest first, with limit 1 and with the default, REST = MCP', async () => {
    const newestFirst = [...ids.values()].reverse();
    for (const limit of [1, undefined]) {
      const viaRest = await listAll(rest, limit);
      expect(await listAll(overMcp, limit)).toEqual(viaRest);
      const listed = viaRest.flatMap((p) => p.messages);
      expect(listed.map((m: { id: string }) => m.id)).toEqual(newestFirst);
      // A full page says there may be more: limit 1 ends with an empty page.
      expect(viaRest).toHaveLength(limit === 1 ? MESSAGES.length + 1 : 1);
      for (const page of viaRest) expect(bytes(page)).toBeLessThanOrEqual(LIMIT);
      for (const m of listed) {
        expect(m.subject.length).toBeLessThanOrEqual(1000);
        expect(m.from?.length ?? 0).toBeLessThanOrEqual(320);
      }
      const long = listed.find((m: { id: string }) => m.id === ids.get('135 KB subject'));
      expect(long.subject).toBe(LONG_SUBJECT.slice(0, 1000));
      expect(long.limited).toEqual([{ field: 'subject', length: LONG_SUBJECT.length, kept: 1000 }]);
      const ordinary = listed.find((m: { id: string }) => m.id === ids.get('ordinary'));
      expect(ordinary).toMatchObject({ subject: 'Invoice 2026-0141', limited: [] });
    }
  });

  it('reads every one with get_message, also with max_text_chars 0 and with headers, REST = MCP', async () => {
    for (const [name, id] of ids) {
      for (const args of [{ id }, { id, max_text_chars: 0 }, { id, include_headers: true }]) {
        const viaRest = await rest('get_message', args);
        expect(viaRest.ok, `${name} ${JSON.stringify(args)}: ${JSON.stringify(viaRest.body).slice(0, 300)}`).toBe(true);
        expect(await overMcp('get_message', args)).toEqual(viaRest);
        const m = viaRest.body;
        expect(viaRest.bytes).toBeLessThanOrEqual(LIMIT);
        expect(m.subject.length).toBeLessThanOrEqual(1000);
        expect(m.from.name.length).toBeLessThanOrEqual(200);
        expect(m.to.length).toBeLessThanOrEqual(100);
        expect(m.recipients.length).toBeLessThanOrEqual(100);
        for (const d of m.documents) expect(d.filename?.length ?? 0).toBeLessThanOrEqual(255);
        if (m.headers) {
          expect(m.headers.length).toBeLessThanOrEqual(500);
          for (const h of m.headers) expect(h.value.length).toBeLessThanOrEqual(2000);
        }
        // Every shortened field is named, with what was kept.
        for (const l of m.limited) expect(l.kept).toBeLessThan(l.length);
      }
    }
  });

  it('names each shortened field with its whole length and what was kept', async () => {
    const read = async (name: string, args: Record<string, unknown> = {}) =>
      (await rest('get_message', { id: ids.get(name)!, max_text_chars: 0, ...args })).body;

    const subject = await read('135 KB subject');
    expect(subject.subject).toBe(LONG_SUBJECT.slice(0, 1000));
    expect(subject.limited).toEqual([{ field: 'subject', length: LONG_SUBJECT.length, kept: 1000 }]);
    // With headers, the Subject header's value is cut too, at its own bound.
    const withHeaders = await read('135 KB subject', { include_headers: true });
    const at = withHeaders.headers.findIndex((h: { name: string }) => h.name === 'subject');
    expect(withHeaders.headers[at].value).toHaveLength(2000);
    expect(limitedOf(withHeaders, `headers[${at}].value`)).toEqual({
      field: `headers[${at}].value`,
      length: LONG_SUBJECT.length,
      kept: 2000,
    });

    const sender = await read('1 MB From display name');
    expect(sender.from.address).toBe('billing@vendor.example');
    expect(sender.from.name).toHaveLength(200);
    expect(limitedOf(sender, 'from.name')).toMatchObject({ length: expect.any(Number), kept: 200 });
    expect(limitedOf(sender, 'from.name')!.length).toBeGreaterThan(900_000);

    const attachment = await read('100 KB attachment file name');
    const doc = attachment.documents[1];
    // The name to show is cut at ingest (pipeline/filename.ts) keeping its extension; the
    // sender's own name is kept whole in storage and bounded in the view.
    expect(doc.filename).toBe(`${LONG_FILENAME.slice(0, 250)}….pdf`);
    expect(limitedOf(attachment, 'documents[1].filename')).toBeUndefined();
    expect(doc.original_filename).toBe(LONG_FILENAME.slice(0, 1000));
    expect(limitedOf(attachment, 'documents[1].original_filename')).toEqual({
      field: 'documents[1].original_filename',
      length: LONG_FILENAME.length,
      kept: 1000,
    });
    // The document itself is whole: its text reads as stored.
    const docText = await rest('get_document_text', { id: doc.id });
    expect(docText.body.text).toContain('Invoice 2026-0142, amount 99.00 EUR');

    const many = await read('10,000 recipients');
    expect(many.to.map((t: { address: string }) => t.address)).toEqual(RECIPIENTS.slice(0, 100));
    expect(many.recipients).toEqual(RECIPIENTS.slice(0, 100));
    expect(limitedOf(many, 'to')).toEqual({ field: 'to', length: 10_000, kept: 100 });
    expect(limitedOf(many, 'recipients')).toEqual({ field: 'recipients', length: 10_000, kept: 100 });

    // The headers take at most a quarter of the result: 500 at most, fewer when they are long.
    const headers = await read('5,000 headers', { include_headers: true });
    expect(headers.headers.length).toBeGreaterThan(100);
    expect(headers.headers.length).toBeLessThanOrEqual(500);
    expect(bytes(headers.headers)).toBeLessThanOrEqual(LIMIT / 4);
    expect(headers.headers.at(-1).value).toMatch(/^hop \d+ via relay-\d+\.transit\.example$/);
    expect(limitedOf(headers, 'headers')).toEqual({
      field: 'headers',
      length: expect.any(Number),
      kept: headers.headers.length,
    });
    expect(limitedOf(headers, 'headers')!.length).toBeGreaterThan(5000);
    expect((await read('5,000 headers')).limited).toEqual([]);

    const ordinary = await read('ordinary', { include_headers: true });
    expect(ordinary.limited).toEqual([]);
  });
});

describe('many large messages under the smallest result limit', () => {
  let t: TestApp;
  let call: Call;
  const ids: string[] = [];
  const SMALL = 16 * 1024;
  beforeAll(async () => {
    t = await makeTestApp({ SVC_MAX_RESULT_BYTES: String(SMALL) });
    const { key } = await createSandbox(t.app, 'operator');
    call = async (tool, args) => {
      const r = await callRest(t.h3, toolNamed(tool), key, args);
      return { ok: r.status === 200, body: r.body, bytes: bytes(r.body) };
    };
    // Subjects of 998 CJK characters, 3 bytes each: 12 summaries are over 16 KB together.
    for (let i = 0; i < 12; i++) {
      const subject = `${i} ${'請求書'.repeat(400)}`.slice(0, 998);
      const r = await call('ingest_message', { html: '<p>Hello</p>', subject, from: 'a@b.example' });
      expect(r.ok, JSON.stringify(r.body).slice(0, 300)).toBe(true);
      ids.push(r.body.message_id);
    }
    const everything = plain(
      [
        folded('From', `"${LONG_NAME.slice(0, 200_000)}" <billing@vendor.example>`),
        folded('To', RECIPIENTS.slice(0, 3000).join(', ')),
        folded('Cc', RECIPIENTS.slice(3000, 6000).join(', ')),
        folded('Subject', LONG_SUBJECT),
      ],
      `${'A long body line of the message.\r\n'.repeat(2000)}`,
    );
    const r = await call('ingest_message', { eml: everything });
    expect(r.ok, JSON.stringify(r.body).slice(0, 300)).toBe(true);
    ids.push(r.body.message_id);
  }, 120_000);
  afterAll(() => t.close());

  it('gives short pages that fit the limit rather than refuse, and reads on to the end', async () => {
    const pages = await listAll(call, 200);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(bytes(page)).toBeLessThanOrEqual(SMALL);
      expect(page.messages.length).toBeGreaterThan(0);
    }
    expect(pages.flatMap((p) => p.messages.map((m: { id: string }) => m.id))).toEqual([...ids].reverse());
  });

  it('reads a message of many large fields at max_text_chars 0; over the limit it names only what helps', async () => {
    const id = ids.at(-1)!;
    const bare = await call('get_message', { id, max_text_chars: 0 });
    expect(bare.ok, JSON.stringify(bare.body).slice(0, 300)).toBe(true);
    expect(bare.bytes).toBeLessThanOrEqual(SMALL);
    // Shrunk below the usual caps to fit, and each cut named.
    expect(bare.body.subject.length).toBeLessThan(1000);
    expect(limitedOf(bare.body, 'subject')).toMatchObject({ length: LONG_SUBJECT.length });
    expect(limitedOf(bare.body, 'to')).toMatchObject({ length: 3000 });
    expect(limitedOf(bare.body, 'cc')).toMatchObject({ length: 3000 });
    // The default text window does not fit 16 KB: narrowing the text does help.
    const whole = await call('get_message', { id });
    expect(whole.ok).toBe(false);
    expect(whole.body.error.code).toBe('too_large');
    expect(whole.body.error.details.narrowing).toContain('max_text_chars');
    // With headers too, the same message still reads.
    const headers = await call('get_message', { id, max_text_chars: 0, include_headers: true });
    expect(headers.ok, JSON.stringify(headers.body).slice(0, 300)).toBe(true);
    expect(headers.bytes).toBeLessThanOrEqual(SMALL);
  });
});

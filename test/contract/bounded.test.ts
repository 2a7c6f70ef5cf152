// Results bounded for agents: get_document_text pages a long PDF, get_message windows its
// text fields, and a read over the byte limit is refused naming the inputs that narrow it,
// identically over REST and MCP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { toolSchemas } from '../../adapters/schemas.ts';
import { createSandbox } from '../../services/accounts.ts';
import { tools } from '../../tools/index.ts';
import { callMcp, callRest, makeTestApp, mcpClient, toolNamed, type TestApp } from '../helpers/app.ts';
import { buildEml } from '../helpers/mail.ts';

const WORDS = ['invoice', 'delivery', 'quantity', 'pallet', 'warehouse', 'Zürich', 'net', 'amount', 'terms', 'carrier'];

/** A PDF of `pages` pages of 45 numbered lines each (about 4,000 characters a page). */
async function longPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p += 1) {
    const page = doc.addPage([595, 842]);
    for (let l = 0; l < 45; l += 1) {
      const words = Array.from({ length: 11 }, (_, w) => WORDS[(p * 7 + l * 3 + w) % WORDS.length]);
      page.drawText(`${p + 1}.${l + 1} ${words.join(' ')}`, { x: 30, y: 800 - l * 17, size: 9, font });
    }
  }
  return doc.save();
}

type Caller = (
  tool: string,
  args: Record<string, unknown>,
) => Promise<{ isError: boolean; status?: number; body: any }>;

/** Reads a document page by page from offset 0, following next_offset. */
async function readAll(call: Caller, id: string, maxChars?: number) {
  const pages = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const r = await call('get_document_text', { id, offset, ...(maxChars ? { max_chars: maxChars } : {}) });
    expect(r.isError).toBe(false);
    pages.push(r.body);
    offset = r.body.next_offset;
  }
  return pages;
}

describe('bounded results', () => {
  let t: TestApp;
  let key: string;
  let mcp: Client;
  let rest: Caller;
  let overMcp: Caller;
  let pdfId: string;
  let bodyMessage: any;
  beforeAll(async () => {
    t = await makeTestApp();
    key = (await createSandbox(t.app, 'operator')).key;
    mcp = await mcpClient(t.h3, key);
    rest = async (tool, args) => {
      const r = await callRest(t.h3, toolNamed(tool), key, args);
      return { isError: r.status >= 400, status: r.status, body: r.body };
    };
    overMcp = (tool, args) => callMcp(mcp, tool, args);
    const eml = buildEml({
      subject: 'Delivery notes for March',
      text: 'The delivery notes are attached.',
      attachments: [{ filename: 'notes.pdf', contentType: 'application/pdf', content: await longPdf(12) }],
    });
    const ingested = await rest('ingest_message', { eml });
    const message = await rest('get_message', { id: ingested.body.message_id });
    pdfId = message.body.documents.find((d: { mime_type: string }) => d.mime_type === 'application/pdf').id;
    const long = `${'The first line of a long note.\n'.repeat(500)}${'word '.repeat(4000)}`;
    const html = `<p>${long.replace(/\n/g, '<br>')}</p><div style="display:none">${'hidden instructions here '.repeat(800)}</div>`;
    const withHidden = await rest('ingest_message', { html, from: 'Pat <pat@example.com>', subject: 'A long note' });
    bodyMessage = withHidden.body;
  }, 60_000);
  afterAll(() => t.close());

  it('pages a long PDF: the pages join to exactly the full text, REST = MCP', async () => {
    const whole = (await rest('get_document_text', { id: pdfId, max_chars: 100_000 })).body;
    expect(whole.next_offset).toBeNull();
    expect(whole.text.length).toBe(whole.text_length);
    expect(whole.text_length).toBeGreaterThan(40_000);
    expect(whole.text).toContain('12.45 ');

    for (const max of [undefined, 7_000]) {
      const viaRest = await readAll(rest, pdfId, max);
      const viaMcp = await readAll(overMcp, pdfId, max);
      expect(viaMcp).toEqual(viaRest);
      expect(viaRest.map((p) => p.text).join('')).toBe(whole.text);
      const limit = max ?? 20_000;
      const search = Math.min(1000, limit / 5);
      expect(viaRest.length).toBeGreaterThanOrEqual(Math.ceil(whole.text_length / limit));
      expect(viaRest.length).toBeLessThanOrEqual(Math.ceil(whole.text_length / (limit - search)));
      for (const [i, page] of viaRest.entries()) {
        expect(page.text.length).toBeLessThanOrEqual(limit);
        expect(page.text_length).toBe(whole.text_length);
        expect(page.truncated).toBe(false);
        expect(page.remaining_chars).toBe(whole.text_length - page.offset - page.text.length);
        // Every page but the last ends at a line break near the limit (the PDF's text has one every line).
        if (i < viaRest.length - 1) {
          expect(page.text.endsWith('\n')).toBe(true);
          expect(page.text.length).toBeGreaterThanOrEqual(limit - search);
        }
      }
      expect(viaRest.at(-1)).toMatchObject({ next_offset: null, remaining_chars: 0 });
    }
  });

  it('reads from any offset, such as a capture field source, and says where it started', async () => {
    const whole = (await rest('get_document_text', { id: pdfId, max_chars: 100_000 })).body.text as string;
    const at = whole.indexOf('7.1 ');
    const page = (await rest('get_document_text', { id: pdfId, offset: at, max_chars: 500 })).body;
    expect(page.offset).toBe(at);
    expect(page.text.startsWith('7.1 ')).toBe(true);
    expect(page.text).toBe(whole.slice(at, page.next_offset));
  });

  it('refuses a page size out of range with a 400 naming the field', async () => {
    for (const max_chars of [10, 100_001, 1.5]) {
      const r = await rest('get_document_text', { id: pdfId, max_chars });
      expect(r.status).toBe(400);
      expect(r.body.error.details.issues[0].path).toBe('max_chars');
      expect(await overMcp('get_document_text', { id: pdfId, max_chars })).toEqual({ isError: true, body: r.body });
    }
  });

  it('never ends a page inside a surrogate pair', async () => {
    const text = `${'x'.repeat(99)}😀${'y'.repeat(300)}`;
    const m = await rest('ingest_message', { eml: buildEml({ subject: 'emoji', text }) });
    const doc = (await rest('get_message', { id: m.body.message_id })).body.documents[0];
    const whole = (await rest('get_document_text', { id: doc.id, max_chars: 100_000 })).body;
    const body = whole.text as string;
    // The listed length counts as the offsets do (UTF-16 units): the emoji counts twice.
    expect(doc.text_length).toBe(body.length);
    expect(whole.text_length).toBe(body.length);
    const pairAt = body.indexOf('😀');
    // The limit falls between the pair's halves: the page ends before it.
    const first = (await rest('get_document_text', { id: doc.id, offset: pairAt - 99, max_chars: 100 })).body;
    expect(first.text).toBe('x'.repeat(99));
    expect(first.next_offset).toBe(pairAt);
    // An offset inside the pair starts at the pair.
    const inside = await rest('get_document_text', { id: doc.id, offset: pairAt + 1, max_chars: 100 });
    expect(inside.body.offset).toBe(pairAt);
    expect(inside.body.text.startsWith('😀y')).toBe(true);
    const insideMcp = await overMcp('get_document_text', { id: doc.id, offset: pairAt + 1, max_chars: 100 });
    expect(insideMcp).toEqual({ isError: false, body: inside.body });
  });

  it('windows get_message text fields and says which go on; windows read on join to the whole field', async () => {
    const id = bodyMessage.message_id;
    const m = (await rest('get_message', { id })).body;
    expect(m.text.length).toBeLessThanOrEqual(10_000);
    expect(m.reply_text.length).toBeLessThanOrEqual(10_000);
    expect(m.hidden_text[0].text.length).toBeLessThanOrEqual(10_000);
    const body = m.documents[0];
    expect(m.cut.map((c: { field: string }) => c.field)).toEqual(['text', 'reply_text', 'hidden_text[0].text']);
    const textCut = m.cut[0];
    expect(textCut.text_length).toBe(body.text_length);
    expect(textCut.next_offset).toBe(m.text.length);

    const whole = (await rest('get_document_text', { id: body.id, max_chars: 100_000 })).body.text;
    let joined = m.text;
    for (let next = textCut.next_offset; next !== undefined; ) {
      const more = (await rest('get_message', { id, text_offset: next })).body;
      joined += more.text;
      next = more.cut.find((c: { field: string }) => c.field === 'text')?.next_offset;
    }
    expect(joined).toBe(whole);
    expect(await overMcp('get_message', { id, text_offset: textCut.next_offset })).toEqual({
      isError: false,
      body: (await rest('get_message', { id, text_offset: textCut.next_offset })).body,
    });
  });

  it('gives only metadata with max_text_chars 0, and whole short fields with an empty cut', async () => {
    const id = bodyMessage.message_id;
    const bare = (await rest('get_message', { id, max_text_chars: 0 })).body;
    expect([bare.text, bare.reply_text, bare.hidden_text[0].text]).toEqual(['', '', '']);
    expect(bare.cut.map((c: { next_offset: number }) => c.next_offset)).toEqual([0, 0, 0]);
    expect(bare.documents.length).toBeGreaterThan(0);
    const short = await rest('ingest_message', { eml: buildEml({ subject: 'short', text: 'Just a line.' }) });
    const whole = (await rest('get_message', { id: short.body.message_id })).body;
    expect(whole.text).toBe('Just a line.');
    expect(whole.cut).toEqual([]);
  });
});

describe('the result byte limit', () => {
  let t: TestApp;
  let key: string;
  let mcp: Client;
  let messageId: string;
  let docId: string;
  beforeAll(async () => {
    t = await makeTestApp({ SVC_MAX_RESULT_BYTES: String(16 * 1024) });
    key = (await createSandbox(t.app, 'operator')).key;
    mcp = await mcpClient(t.h3, key);
    const text = 'Line of a long message body.\n'.repeat(1500);
    const r = await callRest(t.h3, toolNamed('ingest_message'), key, { eml: buildEml({ subject: 'long', text }) });
    messageId = r.body.message_id;
    // At the default 10,000 characters a field, text and reply_text alone are over 16 KB.
    docId = (await callRest(t.h3, toolNamed('get_message'), key, { id: messageId, max_text_chars: 1000 })).body
      .documents[0].id;
  });
  afterAll(() => t.close());

  it('refuses a read over it with 413 too_large naming the narrowing inputs, REST = MCP', async () => {
    const cases = [
      { tool: 'get_document_text', args: { id: docId, max_chars: 40_000 }, narrowing: ['max_chars'] },
      {
        tool: 'get_message',
        args: { id: messageId, max_text_chars: 20_000 },
        narrowing: ['max_text_chars', 'include_headers'],
      },
    ];
    for (const c of cases) {
      const viaRest = await callRest(t.h3, toolNamed(c.tool), key, c.args);
      expect(viaRest.status).toBe(413);
      expect(viaRest.body.error.code).toBe('too_large');
      expect(viaRest.body.error.message).toMatch(
        new RegExp(
          `^The result of ${c.tool} is \\d+ KB, over the 16 KB one result may take; ` +
            `narrow it with ${c.narrowing.join(', ')} and call again\\.$`,
        ),
      );
      expect(viaRest.body.error.details).toEqual({
        limit_bytes: 16 * 1024,
        result_bytes: expect.any(Number),
        narrowing: c.narrowing,
      });
      expect(viaRest.body.error.details.result_bytes).toBeGreaterThan(16 * 1024);
      expect(await callMcp(mcp, c.tool, c.args)).toEqual({ isError: true, body: viaRest.body });
    }
  });

  it('sends a narrowed read whole', async () => {
    const page = await callRest(t.h3, toolNamed('get_document_text'), key, { id: docId, max_chars: 10_000 });
    expect(page.status).toBe(200);
    expect(page.body.text.length).toBeLessThanOrEqual(10_000);
    expect(page.body.next_offset).toBe(page.body.text.length);
  });
});

describe('narrowing declarations', () => {
  it('name only inputs of their tool', () => {
    for (const tool of tools) {
      const inputs = Object.keys(toolSchemas(tool).input.properties ?? {});
      for (const name of tool.narrowing ?? []) expect(inputs, `${tool.name}.narrowing`).toContain(name);
    }
  });

  it('include `limit` on every read that takes one', () => {
    const reads = tools.filter((tool) => !tool.mutating && 'limit' in (toolSchemas(tool).input.properties ?? {}));
    expect(reads.length).toBeGreaterThanOrEqual(7);
    for (const tool of reads) expect(tool.narrowing, tool.name).toContain('limit');
  });
});

// The stdio framing in front of the MCP server: a line over the limit is answered under its
// request's id with the limit named, and the transport goes on reading; lines that are not
// one JSON-RPC message are answered; a refused request is answered, a refused notification dropped.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedStdioTransport, RequestIdScanner } from '../../adapters/stdio-transport.ts';

function scan(text: string, byteByByte: boolean): string | number | null {
  const scanner = new RequestIdScanner();
  const bytes = Buffer.from(text);
  if (byteByByte) for (const b of bytes) scanner.feed(Buffer.of(b));
  else scanner.feed(bytes);
  return scanner.id();
}

describe('RequestIdScanner', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":7,"method":"ping"}', 7],
    ['{"method":"tools/call","params":{"arguments":{"eml":"xx"}},"jsonrpc":"2.0","id":42}', 42],
    ['{ "id" : "req-1" , "method":"x"}', 'req-1'],
    ['{"id":"a\\"b\\\\","method":"x"}', 'a"b\\'],
    ['{"id":-3.5e2}', -350],
    // Ids inside params are an argument's, not the request's.
    ['{"method":"x","params":{"id":5,"list":[{"id":6}]},"jsonrpc":"2.0"}', null],
    ['{"method":"x","params":{"id":5},"id":8}', 8],
    // A string that looks like a member name is only text.
    ['{"method":"x","params":{"eml":"\\"id\\":9,"},"id":"real"}', 'real'],
    ['{"kid":1,"idx":2,"i":3}', null],
    ['{"id":null,"method":"x"}', null],
    ['{"id":{"nested":1}}', null],
    ['[{"id":1},{"id":2}]', null],
    ['{"id":"unterminated', null],
  ])('%s -> %j', (text, id) => {
    expect(scan(text, false)).toEqual(id);
    expect(scan(text, true)).toEqual(id);
  });

  it('gives up on an id longer than any client uses', () => {
    expect(scan(`{"id":"${'x'.repeat(300)}"}`, false)).toBeNull();
  });
});

interface Harness {
  transport: BoundedStdioTransport;
  stdin: PassThrough;
  received: JSONRPCMessage[];
  /** The next `n` lines the transport writes, parsed. */
  replies: (n: number) => Promise<any[]>;
}

async function harness(limit: number, refuse?: (message: JSONRPCMessage) => boolean): Promise<Harness> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const received: JSONRPCMessage[] = [];
  const transport = new BoundedStdioTransport(
    limit,
    async (message) => {
      if (!refuse?.(message)) return null;
      if ('method' in message && message.method === 'tools/call') return { result: { isError: true } };
      return { error: { code: -32000, message: 'over budget', data: { n: 1 } } };
    },
    stdin,
    stdout,
  );
  transport.onmessage = (message) => received.push(message);
  await transport.start();
  let buffered = '';
  const lines: string[] = [];
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  const replies = async (n: number) => {
    while (lines.length < n) await new Promise((r) => stdout.once('data', r));
    return lines.splice(0, n).map((l) => JSON.parse(l));
  };
  return { transport, stdin, received, replies };
}

describe('BoundedStdioTransport', () => {
  it('answers a line over the limit under its id, naming the limit, and reads the next line', async () => {
    const h = await harness(200);
    const big = JSON.stringify({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'ingest_message', arguments: { eml: 'x'.repeat(1000) } },
      id: 11,
    });
    // In pieces that cross the limit and the line's end.
    h.stdin.write(big.slice(0, 150));
    h.stdin.write(big.slice(150, 700));
    h.stdin.write(`${big.slice(700)}\n{"jsonrpc":"2.0","id":12,"method":"ping"}\n`);
    const [tooLarge] = await h.replies(1);
    expect(tooLarge).toEqual({
      jsonrpc: '2.0',
      id: 11,
      error: {
        code: -32600,
        message:
          'Message over 200 bytes, the MCP limit (twice SVC_MAX_MESSAGE_BYTES); send large messages over SMTP or split the request.',
        data: { limit_bytes: 200 },
      },
    });
    while (h.received.length < 1) await new Promise((r) => setImmediate(r));
    expect(h.received).toEqual([{ jsonrpc: '2.0', id: 12, method: 'ping' }]);
  });

  it('passes a message of exactly the limit, split over chunks, with CRLF', async () => {
    const message = { jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { pad: '' } };
    const base = JSON.stringify(message).length;
    message.params.pad = 'p'.repeat(120 - base);
    const line = JSON.stringify(message);
    expect(Buffer.byteLength(line)).toBe(120);
    const h = await harness(120);
    for (let i = 0; i < line.length; i += 7) h.stdin.write(line.slice(i, i + 7));
    h.stdin.write('\r\n');
    while (h.received.length < 1) await new Promise((r) => setImmediate(r));
    expect(h.received).toEqual([message]);
    // One byte more is over, CR or not.
    const over = JSON.stringify({ ...message, id: 'b', params: { pad: `${message.params.pad}q` } });
    h.stdin.write(`${over}\n${over}\r\n`);
    const replies = await h.replies(2);
    expect(replies.map((r) => [r.id, r.error.data.limit_bytes])).toEqual([
      ['b', 120],
      ['b', 120],
    ]);
    expect(h.received).toHaveLength(1);
  });

  it('answers lines that are not one JSON-RPC message, and skips blank lines', async () => {
    const h = await harness(1000);
    h.stdin.write('\n   \nnot json\n[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n{"id":4,"hello":true}\n');
    const replies = await h.replies(3);
    expect(replies.map((r) => [r.id, r.error.code])).toEqual([
      [null, -32700],
      [null, -32600],
      [4, -32600],
    ]);
    expect(replies[1].error.message).toContain('one JSON-RPC message per line');
    expect(h.received).toEqual([]);
  });

  it('answers a refused request with the refusal and drops a refused notification', async () => {
    const h = await harness(1000, (m) => !('method' in m) || m.method !== 'ping');
    h.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    h.stdin.write('{"jsonrpc":"2.0","id":3,"method":"tools/list"}\n');
    h.stdin.write('{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"x"}}\n');
    h.stdin.write('{"jsonrpc":"2.0","id":4,"method":"ping"}\n');
    const [refused, call] = await h.replies(2);
    expect(refused).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'over budget', data: { n: 1 } } });
    expect(call).toEqual({ jsonrpc: '2.0', id: 'c', result: { isError: true } });
    while (h.received.length < 1) await new Promise((r) => setImmediate(r));
    expect(h.received).toEqual([{ jsonrpc: '2.0', id: 4, method: 'ping' }]);
  });
});

// A real HTTP webhook receiver on 127.0.0.1 that keeps every request with its raw body
// and answers as the test scripts it, including the slow ways a receiver can stall a sender.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The signature header equals the HMAC of the raw body under `secret`. */
  signatureValid: boolean;
  /** When the request had arrived whole (Date.now()). */
  at: number;
  /** When the connection closed (Date.now()), by either side; undefined while it is open. */
  closedAt?: number;
}

/**
 * How the receiver answers one request:
 * - a status, or a status after `delayMs`, optionally with a `location`;
 * - `dripBodyMs`: the status and headers at once, then one body byte every `dripBodyMs`, forever
 *   (or `bytes` of them, then the end of the body);
 * - `dripHeadersMs`: the status line at once, then one header byte every `dripHeadersMs`, forever
 *   (the response never completes its headers);
 * - 'hang': the request is read and never answered.
 */
export type Answer =
  | number
  | { status: number; delayMs?: number; location?: string }
  | { status: number; dripBodyMs: number; bytes?: number }
  | { dripHeadersMs: number }
  | 'hang';

export async function startReceiver(secret: string, script: (n: number, req: Received) => Answer = () => 200) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const expected = `sha256=${createHmac('sha256', secret).update(Buffer.concat(chunks)).digest('hex')}`;
      const entry: Received = {
        path: req.url ?? '/',
        headers: req.headers,
        body,
        signatureValid: req.headers['x-svc-signature'] === expected,
        at: Date.now(),
      };
      received.push(entry);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      let drip: NodeJS.Timeout | undefined;
      res.once('close', () => {
        clearInterval(drip);
        entry.closedAt = Date.now();
        open -= 1;
      });
      const answer = script(received.length, entry);
      if (answer === 'hang') {
        held.push(res);
        return;
      }
      if (typeof answer === 'object' && 'dripHeadersMs' in answer) {
        // Written on the socket itself: node:http would buffer a partial header block.
        held.push(res);
        res.socket?.write('HTTP/1.1 200 OK\r\nX-Drip: ');
        drip = setInterval(() => res.socket?.write('a'), answer.dripHeadersMs);
        return;
      }
      if (typeof answer === 'object' && 'dripBodyMs' in answer) {
        held.push(res);
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.flushHeaders();
        let left = answer.bytes ?? Number.POSITIVE_INFINITY;
        drip = setInterval(() => {
          left -= 1;
          if (left > 0) res.write('.');
          else res.end('.');
        }, answer.dripBodyMs);
        return;
      }
      const { status, delayMs, location } =
        typeof answer === 'number' ? { status: answer, delayMs: 0, location: undefined } : answer;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, location ? { location } : {}).end('ok');
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Requests received whose connection is still open. */
    open: () => open,
    /** The most requests that were open at once. */
    maxOpen: () => maxOpen,
    close: () =>
      new Promise<void>((resolve) => {
        held.forEach((r) => {
          r.destroy();
        });
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

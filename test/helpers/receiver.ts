// A real HTTP webhook receiver on 127.0.0.1 that keeps every request with its raw body
// and answers as the test scripts it.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The signature header equals the HMAC of the raw body under `secret`. */
  signatureValid: boolean;
}

export type Answer = number | { status: number; delayMs?: number; location?: string } | 'hang';

export async function startReceiver(secret: string, script: (n: number, req: Received) => Answer = () => 200) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
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
      };
      received.push(entry);
      const answer = script(received.length, entry);
      if (answer === 'hang') {
        hanging.push(res);
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
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((r) => {
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

// A webhook receiver that verifies X-Svc-Signature over the raw body (Node 20, no packages).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
const secret = process.env.WEBHOOK_SECRET,
  seen = new Set();
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks),
      got = Buffer.from(req.headers['x-svc-signature'] ?? '');
    const want = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
    if (got.length !== want.length || !timingSafeEqual(got, want)) {
      res.writeHead(401).end('bad signature');
      return;
    }
    const id = req.headers['x-svc-delivery']; // stable across retries: process each once
    if (!seen.has(id)) {
      seen.add(id);
      console.log(JSON.stringify(JSON.parse(body)));
    }
    res.writeHead(200).end('ok');
  });
}).listen(Number(process.env.PORT ?? 3000), '127.0.0.1');

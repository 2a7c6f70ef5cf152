// A fake model endpoint on 127.0.0.1 (no model call leaves the machine): records each request
// body (the tools a client offers its model show there) and answers 400 so the client stops.
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
const [out, portFile] = process.argv.slice(2);
let n = 0;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    n += 1;
    writeFileSync(`${out}.${n}.txt`, `${req.method} ${req.url}\n${body}`);
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          type: 'invalid_request_error',
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: 'fake model endpoint: no model here',
        },
      }),
    );
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));

// Speaks MCP to mcp-remote over its stdio (.ci/clients/mcp-remote.sh): initialize, then
// tools/list; prints each answer on a RESULT line (the tool count for tools/list).
import { spawn } from 'node:child_process';

const [bin, ...args] = process.argv.slice(2);
const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'inherit'] });
let buffered = '';
const waiters = new Map();
child.stdout.on('data', (chunk) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop();
  for (const line of lines) {
    try {
      const message = JSON.parse(line);
      waiters.get(message.id)?.(message);
    } catch {
      console.error('stdout:', line.slice(0, 200));
    }
  }
});
const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const ask = (id, method, params = {}) =>
  new Promise((resolve) => {
    waiters.set(id, resolve);
    send({ id, method, params });
  });
// Waits for the person at the sign-in page at most this long (a wrong key starts a sign-in).
const timer = setTimeout(() => {
  console.log('RESULT: no answer in 120 s');
  child.kill();
  process.exit(1);
}, 120_000);
const init = await ask(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'drive', version: '0' },
});
console.log('RESULT initialize:', JSON.stringify(init).slice(0, 200));
send({ method: 'notifications/initialized' });
const list = await ask(2, 'tools/list');
console.log(
  'RESULT tools/list:',
  list.result ? `${list.result.tools.length} tools` : JSON.stringify(list).slice(0, 300),
);
clearTimeout(timer);
child.kill();

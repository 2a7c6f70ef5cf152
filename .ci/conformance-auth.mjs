// The conformance suite's authorization-server scenarios (metadata, authorization code
// grant) against svc serve. The code grant waits for a person to sign in at the URL it
// prints: this plays that person in Chromium (playwright-core, /usr/bin/chromium), pasting
// the API key and granting what the page offers. Usage:
//   node .ci/conformance-auth.mjs NODE22 CONFORMANCE_CLI SERVICE_URL API_KEY OUT_DIR
// Prints one line per scenario ("conformance auth NAME: ...") and exits 1 on a failure.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchChromium } from './chromium.mjs';

const [node22, cli, serviceUrl, apiKey, outDir] = process.argv.slice(2);
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const redirectUri = `http://127.0.0.1:${port}/callback`;
const registered = await fetch(`${serviceUrl}/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: 'none',
    client_name: 'MCP conformance',
  }),
});
if (registered.status !== 201) {
  console.log(`conformance auth: FAILED to register a client (HTTP ${registered.status})`);
  process.exit(1);
}
const { client_id: clientId } = await registered.json();

const child = spawn(
  node22,
  [
    cli,
    'authorization',
    '--url',
    serviceUrl,
    '--client-id',
    clientId,
    '--resource',
    `${serviceUrl}/mcp`,
    '-p',
    String(port),
    '-o',
    outDir,
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let log = '';
const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
const authorizeUrl = new Promise((resolve) => {
  const onData = (chunk) => {
    log += chunk.toString();
    const url = log.match(/^(http\S+\/authorize\?\S+)$/m)?.[1];
    if (url) resolve(url);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  exited.then(() => resolve(null));
});

const url = await authorizeUrl;
if (url) {
  const browser = await launchChromium(chromium);
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Grant access' }).click();
    await page.waitForURL((u) => u.href.startsWith(redirectUri), { timeout: 60_000 });
  } finally {
    await browser.close();
  }
}
const code = await exited;

let failed = 0;
const files = readdirSync(outDir, { recursive: true }).filter((f) => String(f).endsWith('checks.json'));
for (const file of files) {
  const checks = JSON.parse(readFileSync(join(outDir, String(file)), 'utf8'));
  const bad = checks.filter((c) => c.status === 'FAILURE' || c.status === 'ERROR');
  const ok = checks.filter((c) => c.status === 'SUCCESS');
  const name = String(file)
    .split('/')[0]
    .replace(/-\d{4}-\d\d-\d\dT.*$/, '');
  if (bad.length === 0 && ok.length > 0) console.log(`conformance auth ${name}: ${ok.length} checks passed`);
  else {
    failed += 1;
    console.log(
      `conformance auth ${name}: FAILED ${bad.map((c) => `${c.id}: ${c.errorMessage ?? ''}`).join('; ') || 'no checks ran'}`,
    );
  }
}
if (files.length === 0 || code !== 0) {
  if (files.length === 0) failed += 1;
  console.log(log.split('\n').slice(-30).join('\n'));
}
process.exit(failed === 0 && code === 0 ? 0 : 1);

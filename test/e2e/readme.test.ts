// Runs the README's `sh` blocks as written, in order, as a new user would in three
// terminals: the service (npm start), the commands, and the example webhook receiver.
// Only the environment a user sets by hand (ports, data dir, SVC_URL, SVC_API_KEY) is
// supplied; the test then checks what each block printed.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort, tempDataDir } from '../helpers/process.ts';
import { until } from '../helpers/receiver.ts';

const run = promisify(execFile);
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const LONG_RUNNING = /^# terminal \d+ \(keeps running\)\n/;

describe('README commands, as written', () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SVC_DATA_DIR: tempDataDir(),
    SVC_SMTP_PORT: '0',
    SVC_HOST: '127.0.0.1',
    SVC_AUTH_DNS: 'none',
    SVC_WEBHOOK_RETRY_SCALE: '0.001',
    npm_config_loglevel: 'silent',
  };
  const running: ChildProcess[] = [];
  const outputs: string[] = [];

  /** Starts a "keeps running" block in its own process group, collecting its output. */
  function startBlock(block: string): { child: ChildProcess; output: () => string } {
    const child = spawn('bash', ['-c', block], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let output = '';
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr!.on('data', (c: Buffer) => {
      output += c.toString();
    });
    return { child, output: () => output };
  }

  beforeAll(async () => {
    env.SVC_HTTP_PORT = String(await freePort());
    env.PORT = String(await freePort());
  });
  afterAll(() => {
    // Each block ran in its own process group (npm -> node): end exactly those groups.
    for (const child of running) {
      if (!child.pid || child.exitCode !== null) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* the group already ended */
      }
    }
  });

  it('has the blocks this test expects, none writing a file others on the machine share', () => {
    expect(blocks.length).toBe(8);
    expect(blocks.filter((b) => LONG_RUNNING.test(b))).toHaveLength(2);
    // /tmp/capture-id was one file for every user of the machine: keep values in shell variables.
    for (const block of blocks) expect(block).not.toMatch(/(^|[\s>"'=])\/(tmp|var\/tmp|dev\/shm)\//);
  });

  it('runs every block in order', async () => {
    for (const block of blocks) {
      if (LONG_RUNNING.test(block)) {
        const started = startBlock(block);
        if (block.includes('npm start')) {
          const out = await until(started.output, (o) => /listening on http/.test(o), 60_000);
          env.SVC_URL = out.match(/listening on (http:\/\/\S+)/)![1];
          env.SVC_API_KEY = out.match(/key:\s+(svc_\S+)/)![1];
        } else {
          // The receiver answers 401 to an unsigned probe once it listens.
          await until(
            () =>
              fetch(`http://127.0.0.1:${env.PORT}/`, { method: 'POST', body: '' }).then(
                (r) => r.status,
                () => 0,
              ),
            (s) => s === 401,
            20_000,
          );
        }
        outputs.push('');
        continue;
      }
      const { stdout } = await run('bash', ['-eo', 'pipefail', '-c', block], { cwd: ROOT, env, timeout: 60_000 });
      outputs.push(stdout);
    }
    // jq prints one pretty JSON value after another: gather lines until they parse.
    const json = (text: string) => {
      const values: unknown[] = [];
      let pending = '';
      for (const line of text.split('\n')) {
        pending += `${line}\n`;
        try {
          values.push(JSON.parse(pending));
          pending = '';
        } catch {
          /* not complete yet */
        }
      }
      expect(pending.trim()).toBe('');
      return values as any[];
    };

    const [tenant, invoice] = json(outputs[1]!);
    expect(tenant).toMatchObject({ kind: 'sandbox', id: expect.stringMatching(/^ten_/) });
    expect(invoice).toEqual({
      bucket: 'invoices',
      status: 'applied',
      fields: {
        invoice_number: 'NW-2026-0417',
        invoice_date: '2026-03-03',
        due_date: '2026-04-02',
        total_amount: 753.63,
        currency: 'EUR',
        vendor_name: 'Northwind Office Supplies GmbH',
        vendor_email: 'billing@northwind-supplies.example',
        po_number: 'PO-88213',
      },
    });
    expect(json(outputs[2]!)[0]).toEqual({
      bucket: 'receipts',
      fields: {
        receipt_number: 'CL-50931',
        merchant: 'Cedar Lane Coffee Roasters',
        date: '2026-03-06',
        total_amount: 54.45,
        currency: 'GBP',
        payment_method: 'Visa', // the means of payment; the card's last digits are not part of it
      },
    });
    expect(json(outputs[3]!)).toEqual([
      ['@harbor-logistics.example'],
      { invoice_number: 'EFS-2026-118', vendor_name: 'Elbe Forklift Service' },
    ]);
    expect(json(outputs[4]!)[0]).toEqual({
      tenant_id: tenant.id,
      scopes: ['read', 'propose', 'run', 'approve', 'configure'],
    });

    expect(json(outputs[6]!)).toEqual([
      { name: 'local', url: `http://127.0.0.1:${env.PORT}/hook` },
      ['local'],
      { destination: 'local', status: 'delivered', attempts: 1 },
    ]);
    // Nothing failed, so nothing to redeliver.
    expect(json(outputs[7]!)[0]).toEqual({ queued: 0, more: false });
  }, 180_000);
});

// The log's last lines at shutdown: pino writes asynchronously, and its own flush on exit wrote
// what was queued while an earlier write was still in flight ("svc stopped" before "svc
// stopping"). closeLogger waits until every line logged is written, in order.
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLogger, configureLogger, log } from '../../services/log.ts';

describe('closeLogger', () => {
  afterEach(() => {
    configureLogger('silent');
  });

  it('resolves once every line logged is in the file, in order, and silences later lines', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-log-')), 'log.jsonl');
    const fd = openSync(path, 'w'); // closeLogger closes it
    const logger = configureLogger('info', fd);
    for (let i = 0; i < 2000; i++) logger.info({ i, pad: 'x'.repeat(200) }, 'line');
    logger.info('svc stopping');
    logger.info('svc stopped');
    await closeLogger();
    log().info('after the end');
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; i?: number });
    expect(lines).toHaveLength(2002);
    expect(lines.slice(0, 2000).every((l, i) => l.i === i)).toBe(true);
    expect(lines.slice(2000).map((l) => l.msg)).toEqual(['svc stopping', 'svc stopped']);
  });

  it('resolves at once when no file descriptor was configured', async () => {
    configureLogger('silent');
    await expect(closeLogger()).resolves.toBeUndefined();
  });
});

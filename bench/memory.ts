// Peak RSS ingesting one ~20 MiB message with a ~15 MiB PDF attachment, in a process of
// its own so nothing else counts, measured once the analysis workers have started and read
// a PDF. `memory.ts build FILE` writes the message; `memory.ts FILE` ingests it and prints
// one JSON line (RSS from before the message was read).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool } from '../services/call.ts';
import { findTool } from '../tools/index.ts';
import { ROOT, benchApp, peakRssBytes, resetPeakRss } from './lib.ts';

if (process.argv[2] === 'build') {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Invoice number: BIG-1   Total due: 1,000.00 EUR', {
    x: 40,
    y: 700,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  await doc.attach(randomBytes(14.5 * 1024 * 1024), 'scan.bin', { mimeType: 'application/octet-stream' });
  const pdf = Buffer.from(await doc.save());
  const eml = [
    'From: Vendor <billing@vendor.example>',
    'To: ap@customer.example',
    'Subject: Invoice BIG-1',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please find the invoice attached. '.repeat(1_000),
    '--b',
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    pdf.toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--b--',
    '',
  ].join('\r\n');
  writeFileSync(process.argv[3]!, eml);
  console.log(JSON.stringify({ pdf_mib: +(pdf.byteLength / 1048576).toFixed(1) }));
} else if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
  // Under the allocator settings `svc serve` gives itself (bin/svc.mjs), so RSS after the
  // message is what a server would show.
  process.stdout.write(
    execFileSync(process.execPath, [...process.execArgv, join(ROOT, 'bin/run-ts.mjs'), ...process.argv.slice(1)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
      env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
    }),
  );
} else {
  const { app, key } = await benchApp();
  // As `svc serve` is when mail arrives: its analysis workers started and each has read a
  // PDF once (pdf.js loads on first use), so their start-up does not count as the message's.
  app.analysis.warm();
  const small = await PDFDocument.create();
  small.addPage().drawText('warm-up', { font: await small.embedFont(StandardFonts.Helvetica) });
  const warmPdf = Buffer.from(await small.save()).toString('base64');
  for (let i = 0; i < 4; i++) {
    const warm = [
      'From: a@vendor.example',
      'To: ap@customer.example',
      `Subject: warm-up ${i}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'hello',
      '--b',
      'Content-Type: application/pdf; name="w.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      warmPdf,
      '--b--',
      '',
    ].join('\r\n');
    await Promise.all(
      [0, 1].map(() =>
        callTool(app, findTool('ingest_message')!, { token: key, args: { eml: warm }, tenantSelector: undefined }),
      ),
    );
  }
  global.gc?.();
  resetPeakRss();
  const baseline = peakRssBytes();
  let eml = readFileSync(process.argv[2]!, 'latin1');
  const size = eml.length;
  const started = performance.now();
  const outcome = await callTool(app, findTool('ingest_message')!, {
    token: key,
    args: { eml },
    tenantSelector: undefined,
  });
  const ms = performance.now() - started;
  const peak = peakRssBytes();
  eml = ''; // the caller's copy of the message (a 20 MiB external string) is not the server's
  // What stays once the message is done (a worker that grew past the recycle mark leaves).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  global.gc?.();
  const after = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  console.log(
    JSON.stringify({
      message_mib: +(size / 1048576).toFixed(1),
      ok: outcome.ok,
      status: outcome.ok ? (outcome.result as { status: string }).status : outcome.error.code,
      seconds: +(ms / 1000).toFixed(2),
      baseline_rss_mib: +(baseline / 1048576).toFixed(1),
      peak_rss_mib: +(peak / 1048576).toFixed(1),
      peak_over_baseline_mib: +((peak - baseline) / 1048576).toFixed(1),
      ratio_to_message: +((peak - baseline) / size).toFixed(2),
      after_rss_mib: +(after / 1048576).toFixed(1),
    }),
  );
  app.db.close();
}

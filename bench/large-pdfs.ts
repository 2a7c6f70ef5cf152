// 50 mails with a ~5 MB PDF each, sent to `svc serve` over REST all at once, within the
// default rate budget (600 a minute): how long /healthz takes at worst meanwhile (polled
// every 50 ms; target under 250 ms), the server's peak RSS, and how each ingest was
// answered (target: 50 of 50 with 200). BENCH_ONLY=large-pdfs runs it from bench/run.ts;
// `node bin/run-ts.mjs bench/large-pdfs.ts` alone, printing its JSON.
// BENCH_PDF_MAILS and BENCH_PDF_MB change the count and the size.
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { cpuMsOfStat } from '../pipeline/thread-cpu.mjs';
import { buildEml } from '../test/helpers/mail.ts';
import { mulberry32 } from '../test/helpers/seeded.ts';
import { QUICK, mib, percentile } from './lib.ts';
import { startServe, treeCpuMs } from './server.ts';

const MAILS = Number(process.env.BENCH_PDF_MAILS ?? (QUICK ? 20 : 50));
const PDF_MB = Number(process.env.BENCH_PDF_MB ?? 5);
const POLL_MS = 50;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An RGB PNG like a scanned photo: a gradient with grain, so it compresses about as
 * badly as a real photo does (the bulk of a large business PDF is its images).
 */
function photoPng(width: number, height: number, random: () => number): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const grain = random() * 96;
      rows[row + 1 + x * 3] = (x * 160) / width + grain;
      rows[row + 2 + x * 3] = (y * 160) / height + grain;
      rows[row + 3 + x * 3] = 80 + grain;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const WORDS = [
  'delivery',
  'invoice',
  'pallet',
  'warehouse',
  'carrier',
  'quantity',
  'inspection',
  'certificate',
  'batch',
  'customs',
  'net',
  'weight',
  'signed',
  'received',
  'damaged',
];

/**
 * A delivery dossier: `textPages` pages of dense text (line items, notes), then scanned
 * photos, one a page, until the file is about `targetBytes`.
 */
export async function dossierPdf(seed: number, targetBytes: number): Promise<Uint8Array> {
  const random = mulberry32(seed);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const textPages = 30;
  for (let p = 0; p < textPages; p += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Delivery dossier ${seed}, page ${p + 1}`, { x: 40, y: 805, size: 13, font });
    for (let l = 0; l < 48; l += 1) {
      const words = Array.from({ length: 12 }, () => WORDS[Math.floor(random() * WORDS.length)]);
      const amount = (random() * 10_000).toFixed(2);
      page.drawText(`${p + 1}.${l + 1} ${words.join(' ')} EUR ${amount}`, {
        x: 40,
        y: 780 - l * 15.5,
        size: 8.5,
        font,
      });
    }
  }
  // Each photo adds about width x height x 3 bytes (grain does not compress).
  const textOnly = (await doc.save()).byteLength;
  const perPhoto = 900 * 640 * 3;
  const photos = Math.max(1, Math.round((targetBytes - textOnly) / perPhoto));
  for (let i = 0; i < photos; i += 1) {
    const image = await doc.embedPng(photoPng(900, 640, random));
    const page = doc.addPage([595, 842]);
    page.drawText(`Photo ${i + 1}: goods as received`, { x: 40, y: 805, size: 12, font });
    page.drawImage(image, { x: 40, y: 380, width: 515, height: 366 });
  }
  return doc.save();
}

function serverPid(pid: number): number {
  try {
    const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    return child > 0 ? child : pid;
  } catch {
    return pid;
  }
}

/** CPU ms of the server's main thread (its tid is its pid): what /healthz waits for, apart from other load. */
function mainThreadCpuMs(pid: number): number {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'latin1')) ?? 0;
  } catch {
    return 0;
  }
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One request; a connection error is an answer too (status 0, the error as its body), counted with the rest. */
function send(agent: Agent, url: URL, method: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<Answer>((resolve) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method,
        agent,
        headers: body ? { ...headers, 'content-length': String(body.byteLength) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.once('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error) }));
      },
    );
    req.once('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error) }));
    req.end(body);
  });
}

export async function runLargePdfs() {
  const started = performance.now();
  const variants = await Promise.all([1, 2, 3, 4, 5].map((seed) => dossierPdf(seed, PDF_MB * 1_000_000)));
  const bodies = Array.from({ length: MAILS }, (_, i) =>
    Buffer.from(
      JSON.stringify({
        eml: buildEml({
          subject: `Delivery dossier ${i + 1} of ${MAILS}`,
          text: `Dear team,\n\nthe dossier for delivery ${i + 1} is attached.\n\nRegards,\nLogistics`,
          headers: { 'Message-ID': `<dossier-${i + 1}-${Date.now()}@vendor.example>` },
          attachments: [
            {
              filename: `dossier-${i + 1}.pdf`,
              contentType: 'application/pdf',
              content: variants[i % variants.length]!,
            },
          ],
        }),
      }),
    ),
  );
  const prepared_s = +((performance.now() - started) / 1000).toFixed(1);
  // The default per-key budget: 50 ingests at once are well within a minute's 600.
  const s = await startServe({ SVC_RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT ?? '600' });
  const pid = serverPid(s.child.pid!);
  const ingestUrl = new URL(`${s.url}/v1/messages/ingest`);
  const headers = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
  const health = new Agent({ keepAlive: true, maxSockets: 1 });
  const senders = new Agent({ keepAlive: true, maxSockets: MAILS });
  try {
    // Warm the workers (pdf.js loaded, code compiled) with one PDF mail and a few small ones.
    const warm = await send(senders, ingestUrl, 'POST', headers, bodies[0]);
    if (warm.status !== 200) throw new Error(`warm-up ingest answered ${warm.status}: ${warm.body.slice(0, 300)}`);
    for (let i = 0; i < 3; i += 1)
      await send(
        senders,
        ingestUrl,
        'POST',
        headers,
        Buffer.from(JSON.stringify({ eml: buildEml({ subject: `warm-up ${i}`, text: 'hello' }) })),
      );
    await send(health, new URL(`${s.url}/healthz`), 'GET', {});
    // The burst comes from a key used for nothing before, as from a client that just started:
    // the shared rate limiter has not heard of it yet.
    const made = await send(
      senders,
      new URL(`${s.url}/v1/keys`),
      'POST',
      headers,
      Buffer.from(JSON.stringify({ label: 'large-pdfs burst', scopes: ['run'] })),
    );
    if (made.status !== 200) throw new Error(`create_key answered ${made.status}: ${made.body.slice(0, 300)}`);
    const burstHeaders = { ...headers, authorization: `Bearer ${(JSON.parse(made.body) as { key: string }).key}` };
    const baseline = procStatus(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5');

    let running = true;
    const healthMs: number[] = [];
    // On a machine shared with other work a blocked main thread also waits for a core, so
    // each poll also records the CPU the server's main thread used while it waited: the
    // stall an otherwise idle machine would show.
    const healthCpuMs: number[] = [];
    let rssSamplePeak = 0;
    const load = [loadavg()[0]!];
    const poller = (async () => {
      while (running) {
        const next = performance.now() + POLL_MS;
        const cpu = mainThreadCpuMs(pid);
        const r = await send(health, new URL(`${s.url}/healthz`), 'GET', {});
        healthCpuMs.push(mainThreadCpuMs(pid) - cpu);
        healthMs.push(r.status === 200 ? r.ms : Number.POSITIVE_INFINITY);
        rssSamplePeak = Math.max(rssSamplePeak, procStatus(pid, 'VmRSS'));
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    })();
    const cpuBefore = treeCpuMs(s.child.pid!);
    const t0 = performance.now();
    const answers = await Promise.all(bodies.map((b) => send(senders, ingestUrl, 'POST', burstHeaders, b)));
    const seconds = +((performance.now() - t0) / 1000).toFixed(1);
    load.push(loadavg()[0]!);
    running = false;
    await poller;
    const peak = procStatus(pid, 'VmHWM');
    const statuses: Record<string, number> = {};
    const flags: Record<string, number> = {};
    for (const a of answers) {
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      if (a.status !== 200) continue;
      for (const flag of (JSON.parse(a.body) as { flags: string[] }).flags) flags[flag] = (flags[flag] ?? 0) + 1;
    }
    const errors = [
      ...new Set(
        answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.slice(0, 200).replace(/\s+/g, ' ')}`),
      ),
    ].slice(0, 5);
    const sortedHealth = [...healthMs].sort((a, b) => a - b);
    const sortedIngest = answers.map((a) => a.ms).sort((a, b) => a - b);
    await new Promise((r) => setTimeout(r, 3000));
    const after3 = procStatus(pid, 'VmRSS');
    await new Promise((r) => setTimeout(r, 12_000));
    const after15 = procStatus(pid, 'VmRSS');
    await new Promise((r) => setTimeout(r, 45_000));
    return {
      mails: MAILS,
      pdf_mib: mib(variants[0]!.byteLength),
      request_mib: mib(bodies[0]!.byteLength),
      prepared_s,
      seconds,
      statuses,
      flags,
      errors,
      ingest_ms: {
        p50: Math.round(percentile(sortedIngest, 50)),
        max: Math.round(sortedIngest.at(-1)!),
      },
      healthz: {
        polls: healthMs.length,
        p50_ms: Math.round(percentile(sortedHealth, 50)),
        p99_ms: Math.round(percentile(sortedHealth, 99)),
        worst_ms: Math.round(sortedHealth.at(-1)!),
        over_250_ms: healthMs.filter((ms) => ms > 250).length,
        worst_main_thread_cpu_ms: Math.max(...healthCpuMs),
      },
      load_average_1min: { start: load[0], end: load[1] },
      rss_mib: {
        baseline: mib(baseline),
        peak: mib(peak),
        peak_sampled: mib(rssSamplePeak),
        after_3_s: mib(after3),
        after_15_s: mib(after15),
        after_60_s: mib(procStatus(pid, 'VmRSS')),
      },
      server_cpu_s: +((treeCpuMs(s.child.pid!) - cpuBefore) / 1000).toFixed(1),
    };
  } finally {
    health.destroy();
    senders.destroy();
    s.child.kill('SIGTERM');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await runLargePdfs(), null, 2));
}

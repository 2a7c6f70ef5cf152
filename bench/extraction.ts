// Extraction time per PDF message: the business corpus cases with a PDF attachment, run
// through the pure pipeline (parse, documents with layout PDF text and embedded e-invoice
// XML, invoice starter). Also the PDF text alone, layout reading against pdf.js's plain
// extractText, so the cost of layout reconstruction is visible.
// Run alone: node bin/run-ts.mjs bench/extraction.ts
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { analyzeMessage, runSchema } from '../pipeline/index.ts';
import { parseMessage } from '../pipeline/parse.ts';
import { readPdf } from '../pipeline/pdf-text.ts';
import { compileSchema } from '../pipeline/schema.ts';
import { STARTERS } from '../pipeline/starters.ts';
import { CORPUS, QUICK, percentile, table } from './lib.ts';

const CASES = join(CORPUS, 'business/cases');

async function plainText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    return ((await extractText(pdf, { mergePages: false })).text as string[]).join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<{ median_ms: number; p95_ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median_ms: +percentile(times, 50).toFixed(1), p95_ms: +percentile(times, 95).toFixed(1) };
}

export async function runExtraction() {
  const schema = compileSchema(STARTERS.invoice);
  const messages: { id: string; eml: Uint8Array; pdfs: Uint8Array[] }[] = [];
  for (const file of readdirSync(CASES)
    .filter((f) => f.endsWith('.eml'))
    .sort()) {
    const eml = new Uint8Array(readFileSync(join(CASES, file)));
    const parsed = await parseMessage(eml);
    const pdfs = parsed.ok
      ? parsed.message.attachments.filter((a) => a.mimeType === 'application/pdf').map((a) => a.bytes)
      : [];
    if (pdfs.length > 0) messages.push({ id: file.replace(/\.eml$/, ''), eml, pdfs });
  }
  const runs = QUICK ? 3 : 10;
  const pipeline: number[] = [];
  const layout: number[] = [];
  const plain: number[] = [];
  for (const m of messages) {
    pipeline.push(
      (
        await timed(runs, async () => {
          const a = await analyzeMessage(m.eml);
          if (a.ok) runSchema(schema, a.message.view);
        })
      ).median_ms,
    );
    for (const pdf of m.pdfs) {
      layout.push((await timed(runs, () => readPdf(pdf))).median_ms);
      plain.push((await timed(runs, () => plainText(pdf))).median_ms);
    }
  }
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return {
      median_ms: +percentile(sorted, 50).toFixed(1),
      p95_ms: +percentile(sorted, 95).toFixed(1),
      mean_ms: +(xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)).toFixed(1),
    };
  };
  const result = {
    pdf_messages: messages.length,
    runs_each: runs,
    per_pdf_message_pipeline: summary(pipeline),
    per_pdf_layout_text: summary(layout),
    per_pdf_plain_text: summary(plain),
  };
  return {
    ...result,
    layout_over_plain: +(
      result.per_pdf_layout_text.mean_ms / Math.max(0.001, result.per_pdf_plain_text.mean_ms)
    ).toFixed(2),
  };
}

export function printExtraction(r: Awaited<ReturnType<typeof runExtraction>>): void {
  table(
    `9. PDF extraction time (${r.pdf_messages} business-corpus messages with a PDF, median of ${r.runs_each} runs each)`,
    [
      { run: 'pipeline + invoice starter, per PDF message', ...r.per_pdf_message_pipeline },
      { run: 'layout PDF text (pdf-text.ts), per PDF', ...r.per_pdf_layout_text },
      { run: 'plain pdf.js extractText, per PDF', ...r.per_pdf_plain_text },
    ],
  );
  console.log(`layout text / plain text time: ${r.layout_over_plain}`);
}

if (process.argv.some((a) => a.endsWith('bench/extraction.ts'))) printExtraction(await runExtraction());

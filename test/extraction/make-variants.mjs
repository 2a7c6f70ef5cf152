// Re-makes a scoring set with other tools, keeping its truth, to see whether reading depends
// on how one producer writes text (issue 24; docs/extraction.md, "Text layers of other
// producers"). PDF attachments are re-printed by ghostscript (gs), cairo (pdftocairo -pdf) or
// through PostScript (pdftops then ps2pdf); HTML mails are re-sent as text/plain rendered by a
// text browser (w3m or lynx). Needs those tools (Debian: ghostscript, poppler-utils, w3m,
// lynx); the output is a LAYOUTS directory for score.ts, written outside the project.
//   node test/extraction/make-variants.mjs <LAYOUTS dir | corpus> <out dir> <gs|cairo|ps|w3m|lynx>
//   LAYOUTS=<out dir> LAYOUTS_ONLY=1 node bin/run-ts.mjs test/extraction/score.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import PostalMime from 'postal-mime';

const [src, out, mode] = process.argv.slice(2);
const PDF_MODES = ['gs', 'cairo', 'ps'];
const TEXT_MODES = ['w3m', 'lynx'];
if (!src || !out || ![...PDF_MODES, ...TEXT_MODES].includes(mode ?? '')) {
  console.error('usage: make-variants.mjs <LAYOUTS dir | corpus> <out dir> <gs|cairo|ps|w3m|lynx>');
  process.exit(2);
}
const wanted = PDF_MODES.includes(mode) ? 'pdf' : 'html';

let truth;
let dir = src;
if (src === 'corpus') {
  const corpus = resolve(import.meta.dirname, '../../../shared/corpus/business');
  dir = join(corpus, 'cases');
  const all = JSON.parse(readFileSync(join(corpus, 'truth.json'), 'utf8'));
  const format = new Map(
    readFileSync(join(corpus, 'ORIGINS.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .map((c) => [c[0], c[1]]),
  );
  truth = {};
  for (const [id, c] of Object.entries(all)) if (format.get(id) === wanted) truth[id] = { ...c, format: wanted };
} else {
  truth = JSON.parse(readFileSync(join(src, 'truth.json'), 'utf8'));
}
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'variants-'));

const b64 = (b) => Buffer.from(b).toString('base64').replace(/.{76}/g, '$&\r\n');
const word = (s) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s).toString('base64')}?=`);
const addr = (a) => (a ? (a.name ? `${word(a.name.replace(/"/g, ''))} <${a.address}>` : a.address) : '');

function reprint(pdf) {
  const i = join(work, 'in.pdf');
  const o = join(work, 'out.pdf');
  writeFileSync(i, pdf);
  if (mode === 'gs')
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', `-sOutputFile=${o}`, i]);
  else if (mode === 'cairo') execFileSync('pdftocairo', ['-pdf', i, o]);
  else {
    execFileSync('pdftops', [i, join(work, 'x.ps')]);
    execFileSync('ps2pdf', [join(work, 'x.ps'), o]);
  }
  return readFileSync(o);
}

function asText(html) {
  const args =
    mode === 'w3m'
      ? ['-dump', '-T', 'text/html', '-cols', '100', '-O', 'UTF-8', '-I', 'UTF-8']
      : ['-dump', '-stdin', '-width=100', '-nolist', '-assume_charset=utf-8', '-display_charset=utf-8'];
  return execFileSync(mode, args, { input: html }).toString('utf8');
}

const kept = {};
for (const [id, c] of Object.entries(truth)) {
  const m = await PostalMime.parse(readFileSync(join(dir, `${id}.eml`)));
  const head = [
    `From: ${addr(m.from)}`,
    `To: ${(m.to ?? []).map(addr).join(', ')}`,
    `Subject: ${word(m.subject ?? '')}`,
    `Date: ${m.date ? new Date(m.date).toUTCString().replace('GMT', '+0000') : ''}`,
    `Message-ID: <${id}@variant-${mode}.example>`,
    'MIME-Version: 1.0',
  ];
  let lines;
  if (wanted === 'html') {
    if (!m.html || m.attachments.length) continue;
    lines = [
      ...head,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64(Buffer.from(asText(m.html))),
      '',
    ];
  } else {
    const pdfs = m.attachments.filter((a) => /pdf/i.test(a.mimeType) || /\.pdf$/i.test(a.filename ?? ''));
    if (!pdfs.length) continue;
    const boundary = `=_variant_${id.replace(/[^a-z0-9]/gi, '')}`;
    lines = [...head, `Content-Type: multipart/mixed; boundary="${boundary}"`, ''];
    const parts = [];
    if (m.text) parts.push(['text/plain; charset=utf-8', null, Buffer.from(m.text)]);
    if (m.html) parts.push(['text/html; charset=utf-8', null, Buffer.from(m.html)]);
    for (const a of m.attachments)
      parts.push([
        `${a.mimeType}; name="${a.filename}"`,
        a.filename,
        pdfs.includes(a) ? reprint(Buffer.from(a.content)) : Buffer.from(a.content),
      ]);
    for (const [type, filename, bytes] of parts) {
      lines.push(`--${boundary}`, `Content-Type: ${type}`);
      if (filename) lines.push(`Content-Disposition: attachment; filename="${filename}"`);
      lines.push('Content-Transfer-Encoding: base64', '', b64(bytes), '');
    }
    lines.push(`--${boundary}--`, '');
  }
  writeFileSync(join(out, `${id}.eml`), lines.join('\r\n'));
  kept[id] = c;
}
writeFileSync(join(out, 'truth.json'), `${JSON.stringify(kept, null, 2)}\n`);
console.log(`${Object.keys(kept).length} cases -> ${out}`);

// The original PDF of an attachment, rendered by pdf.js in the browser with scripting off
// (the core API never runs a PDF's JavaScript; eval is off too), one page at a time, with
// each field's printed text marked on the page where it is found.
import { get } from './api.js';
import { h } from './dom.js';

const PDFJS = '/console/vendor/pdfjs/';
/** Bigger originals are not fetched: their text is beside them anyway. */
const MAX_PDF_BYTES = 20 * 1024 * 1024;

let pdfjs = null;
async function loadPdfjs() {
  if (!pdfjs) {
    pdfjs = await import(`${PDFJS}pdf.min.mjs`);
    pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS}pdf.worker.min.mjs`;
  }
  return pdfjs;
}

/** The attachment's bytes through get_attachment, page by page. */
export async function attachmentBytes(documentId) {
  const chunks = [];
  let offset = 0;
  let size = 0;
  while (offset !== null) {
    const page = await get(`/v1/documents/${encodeURIComponent(documentId)}/bytes`, { offset });
    if (page.size_bytes > MAX_PDF_BYTES)
      throw new Error(`The original is ${page.size_bytes} bytes, too large to show here.`);
    const binary = atob(page.content_base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    chunks.push(bytes);
    size += bytes.length;
    offset = page.next_offset;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

const squash = (text) => text.replace(/\s+/g, ' ').trim();

const measuring = document.createElement('canvas').getContext('2d');

/**
 * The share of an item's printed width that its first `chars` characters take. Measured in
 * the item's font family rather than counted: in a proportional font "Invoice number: " is
 * narrower than its share of characters, and a count put marks a character or more to the
 * right of the value.
 */
function widthShare(item, chars, styles) {
  if (chars <= 0) return 0;
  if (chars >= item.str.length) return 1;
  measuring.font = `100px ${styles[item.fontName]?.fontFamily ?? 'sans-serif'}`;
  const whole = measuring.measureText(item.str).width;
  return whole > 0 ? measuring.measureText(item.str.slice(0, chars)).width / whole : chars / item.str.length;
}

/**
 * Where `needle` is printed among a page's text items: the items it spans and, for each,
 * the characters of the item (from, to) it covers.
 */
function findOnPage(items, needle) {
  const wanted = squash(needle);
  if (!wanted) return [];
  let joined = '';
  const starts = [];
  for (const item of items) {
    starts.push(joined.length);
    joined += item.str;
    if (item.hasEOL) joined += ' ';
  }
  // Every whitespace character stays one character, so offsets in `spaced` are offsets in the items.
  const spaced = joined.replace(/\s/g, ' ');
  const at = spaced.indexOf(wanted);
  if (at < 0) return [];
  const end = at + wanted.length;
  const spans = [];
  items.forEach((item, i) => {
    const from = starts[i];
    const to = from + item.str.length;
    if (to <= at || from >= end || item.str.length === 0) return;
    spans.push({ item, from: Math.max(at, from) - from, to: Math.min(end, to) - from });
  });
  return spans;
}

/**
 * Renders `documentId` (a PDF) into a figure: the first page that prints a marked value
 * (or page 1), buttons for the other pages, and a box over each field's printed text.
 * `marks`: [{field, text}].
 */
export async function pdfFigure(documentId, name, marks) {
  const status = h('p', { role: 'status', class: 'status' }, 'Rendering the original…');
  const figure = h('figure', { class: 'pdf' }, h('figcaption', {}, `Original: ${name}`), status);
  (async () => {
    const [lib, bytes] = await Promise.all([loadPdfjs(), attachmentBytes(documentId)]);
    const doc = await lib.getDocument({
      data: bytes,
      isEvalSupported: false,
      enableXfa: false,
      standardFontDataUrl: `${PDFJS}standard_fonts/`,
      cMapUrl: `${PDFJS}cmaps/`,
      cMapPacked: true,
    }).promise;
    const found = new Map();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const text = await page.getTextContent();
      const hits = marks.map((m) => ({ ...m, spans: findOnPage(text.items, m.text) })).filter((m) => m.spans.length);
      found.set(n, { page, hits, styles: text.styles });
    }
    const first = [...found.entries()].find(([, v]) => v.hits.length)?.[0] ?? 1;
    const stage = h('div', { class: 'pdf-stage' });
    const pager = h('div', { class: 'pdf-pager' });
    const list = h('ul', { class: 'pdf-marks' });
    const draw = async (n) => {
      const { page, hits, styles } = found.get(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(2, 640 / base.width) });
      const canvas = h('canvas', {
        role: 'img',
        'aria-label': `Page ${n} of ${doc.numPages} of ${name}`,
        width: Math.floor(viewport.width),
        height: Math.floor(viewport.height),
      });
      const layer = h('div', { class: 'pdf-layer' });
      layer.style.width = `${Math.floor(viewport.width)}px`;
      layer.style.height = `${Math.floor(viewport.height)}px`;
      stage.replaceChildren(layer);
      layer.append(canvas);
      await page.render({ canvasContext: canvas.getContext('2d'), viewport, canvas }).promise;
      list.replaceChildren();
      for (const hit of hits) {
        for (const span of hit.spans) {
          const t = lib.Util.transform(viewport.transform, span.item.transform);
          const height = Math.hypot(t[2], t[3]);
          const width = span.item.width * viewport.scale;
          const box = h('div', {
            class: 'pdf-mark',
            title: `${hit.field} is printed here`,
            dataset: { field: hit.field },
          });
          const from = widthShare(span.item, span.from, styles);
          const to = widthShare(span.item, span.to, styles);
          box.style.left = `${t[4] + width * from}px`;
          box.style.top = `${t[5] - height}px`;
          box.style.width = `${Math.max(4, width * (to - from))}px`;
          box.style.height = `${height * 1.15}px`;
          layer.append(box);
        }
        list.append(h('li', {}, `${hit.field}: “${hit.text}” is marked on page ${n}`));
      }
      pager.replaceChildren(
        h('span', {}, `Page ${n} of ${doc.numPages} `),
        h('button', { type: 'button', disabled: n <= 1, onClick: () => draw(n - 1) }, 'Previous page'),
        h('button', { type: 'button', disabled: n >= doc.numPages, onClick: () => draw(n + 1) }, 'Next page'),
      );
    };
    await draw(first);
    status.textContent = '';
    status.remove();
    figure.append(pager, stage, list);
  })().catch((error) => {
    status.textContent = `The original could not be shown: ${error.message}`;
  });
  return figure;
}

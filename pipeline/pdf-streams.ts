// A pass over a PDF's streams before pdf.js sees it, so a flate bomb is stopped by the
// reader instead of by the worker's time budget. pdf.js (through unpdf) offers no limit on
// the bytes a stream inflates to: a 200 KB stream inflating to 200 MiB was read for the
// whole 5 s budget, twice, and left the process hundreds of MiB larger.
//
// Each stream's decoded size is counted (native inflate, or counting LZW and RunLength
// decoders that keep no output), stopping just past the limit. A
// stream over its limit is blanked in the copy handed to pdf.js: its first bytes become
// an end-of-data marker for its first filter (or break the zlib header, which pdf.js turns
// into an empty stream), so pdf.js reads every other stream and the page it was on comes
// out without that content. Offsets do not move, so the cross-reference table stays right.
//
// Streams the text reader never decodes cost nothing: image XObjects are blanked outright
// (pdf.js's text extraction skips them, and a bomb labelled as an image is then harmless),
// and an embedded file too large to keep (MAX_EMBEDDED_BYTES) is blanked once that is known.
import { Unzlib } from 'fflate';
import { brotliDecompressSync, constants, inflateSync } from 'node:zlib';

export interface StreamLimits {
  /** Decoded bytes one stream may produce. */
  streamMaxBytes: number;
  /** Decoded bytes all the streams of one PDF may produce together. */
  totalMaxBytes: number;
  /** Embedded files larger than this are not kept, so they need not be decoded. */
  embeddedMaxBytes: number;
}

export interface StreamScan {
  /** Why content was left out (a stream or the PDF over its limit), or null. */
  limited: string | null;
  /** Streams blanked because of a limit (content a reader would have read). */
  overLimit: number;
  /** Decoded bytes counted for the streams kept. */
  decodedBytes: number;
}

const SPACE = 0x20;
const MIB = 1024 * 1024;

/** The filter names of a stream dictionary, `#xx` escapes decoded; null when not literal. */
export function filtersOf(dict: string): string[] | null {
  const at = dict.indexOf('/Filter');
  if (at < 0) return [];
  let rest = dict.slice(at + 7).trimStart();
  if (rest.startsWith('[')) rest = rest.slice(1, rest.indexOf(']') < 0 ? undefined : rest.indexOf(']'));
  else if (!rest.startsWith('/')) return null;
  else rest = rest.slice(0, 1 + (/[\s/[\]<>()]/.exec(rest.slice(1))?.index ?? rest.length));
  const names = rest
    .split('/')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  return names.map((n) => n.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** Decoded size of zlib data, counted by fflate in slices up to an error or past `cap`. */
function inflatedSizeSliced(data: Uint8Array, cap: number): number {
  let size = 0;
  const inflater = new Unzlib((chunk) => {
    size += chunk.byteLength;
  });
  // A slice of 4 KiB inflates to at most ~4 MiB (deflate's ratio is at most 1032:1).
  const slice = 4096;
  try {
    for (let at = 0; at < data.byteLength && size <= cap; at += slice) {
      inflater.push(data.subarray(at, Math.min(at + slice, data.byteLength)), at + slice >= data.byteLength);
    }
  } catch {
    // Corrupt data: pdf.js decodes no further than this either.
  }
  return size;
}

/**
 * Decoded size of zlib data. Node's native inflate is ten times faster than fflate here
 * (32 MiB in 75 against 880 ms) but keeps its output, up to `cap` + 1 bytes, until it
 * returns; a truncated stream still counts (sync flush, as pdf.js reads to the end of the
 * data). Corrupt data makes it throw without a count: pdf.js would still decode up to the
 * fault, so that is counted slice by slice.
 */
function inflatedSize(data: Uint8Array, cap: number): number {
  try {
    return inflateSync(data, { maxOutputLength: cap + 1, chunkSize: 1024 * 1024, finishFlush: constants.Z_SYNC_FLUSH })
      .byteLength;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return cap + 1;
    return inflatedSizeSliced(data, cap);
  }
}

/** Decoded size of LZW data (PDF's variant, early change on), counting entry lengths only. */
function lzwSize(data: Uint8Array, cap: number): number {
  const lengths = new Uint16Array(4096).fill(1, 0, 256);
  let next = 258;
  let width = 9;
  let previous = -1;
  let size = 0;
  let bits = 0;
  let buffer = 0;
  for (let at = 0; at < data.byteLength && size <= cap; ) {
    while (bits < width && at < data.byteLength) {
      buffer = ((buffer << 8) | data[at++]!) & 0xffffff;
      bits += 8;
    }
    if (bits < width) break;
    const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 257) break;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    // A code not yet in the table is the previous entry plus its own first byte.
    const length = code < next ? lengths[code]! : previous >= 0 ? lengths[previous]! + 1 : 0;
    if (length === 0) break;
    size += length;
    if (previous >= 0 && next < 4096) lengths[next++] = lengths[previous]! + 1;
    if (next + 1 >= 1 << width && width < 12) width++;
    previous = code;
  }
  return size;
}

/** Decoded size of RunLength data. */
function runLengthSize(data: Uint8Array, cap: number): number {
  let size = 0;
  for (let at = 0; at < data.byteLength && size <= cap; ) {
    const n = data[at]!;
    if (n === 128) break;
    if (n < 128) {
      size += n + 1;
      at += n + 2;
    } else {
      size += 257 - n;
      at += 2;
    }
  }
  return size;
}

function brotliSize(data: Uint8Array, cap: number): number {
  try {
    return brotliDecompressSync(data, { maxOutputLength: cap + 1 }).byteLength;
  } catch {
    return cap + 1;
  }
}

/** ASCIIHex and ASCII85 decoded (their output is smaller than their input), for a stage behind them. */
function asciiDecoded(filter: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.byteLength);
  let n = 0;
  if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
    let high = -1;
    for (const c of data) {
      if (c === 0x3e) break;
      const digit =
        c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1;
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out[n++] = high * 16 + digit;
        high = -1;
      }
    }
    if (high >= 0) out[n++] = high * 16;
    return out.subarray(0, n);
  }
  let group = 0;
  let count = 0;
  for (const c of data) {
    if (c === 0x7e) break;
    if (c === 0x7a && count === 0) {
      n += 4;
      continue;
    } // 'z': four zero bytes (out is zero-filled)
    if (c < 0x21 || c > 0x75) continue;
    group = group * 85 + (c - 0x21);
    if (++count === 5) {
      for (let shift = 24; shift >= 0; shift -= 8) out[n++] = (group >>> shift) & 0xff;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let pad = count; pad < 5; pad++) group = group * 85 + 84;
    for (let k = 0, shift = 24; k < count - 1; k++, shift -= 8) out[n++] = (group >>> shift) & 0xff;
  }
  return out.subarray(0, n);
}

const ASCII = new Set(['ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85']);

const COUNTERS: Record<string, (data: Uint8Array, cap: number) => number> = {
  FlateDecode: inflatedSize,
  Fl: inflatedSize,
  LZWDecode: lzwSize,
  LZW: lzwSize,
  RunLengthDecode: runLengthSize,
  RL: runLengthSize,
  BrotliDecode: brotliSize,
};
// Filters whose output is no larger than their input (or images, which text never decodes).
const SHRINKING = new Set([
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'CCITTFaxDecode',
  'CCF',
  'JBIG2Decode',
  'Crypt',
]);

/** What a stream's first bytes become so that pdf.js decodes nothing from it. */
function blank(pdf: Uint8Array, start: number, end: number, first: string | undefined): void {
  pdf.fill(SPACE, start, end);
  if (first === 'LZWDecode' || first === 'LZW')
    pdf.set([0x80, 0x80], start); // code 257, end of data
  else if (first === 'RunLengthDecode' || first === 'RL') pdf[start] = 0x80;
  else if (first === 'ASCIIHexDecode' || first === 'AHx')
    pdf[start] = 0x3e; // '>'
  else if (first === 'ASCII85Decode' || first === 'A85') pdf.set([0x7e, 0x3e], start); // '~>'
}

/**
 * Counts what every stream of `pdf` decodes to and blanks, in place, each stream over
 * its limit. `pdf` must be the caller's own copy.
 */
export function limitPdfStreams(pdf: Uint8Array, limits: StreamLimits): StreamScan {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const scan: StreamScan = { limited: null, overLimit: 0, decodedBytes: 0 };
  for (let at = buf.indexOf('stream'); at >= 0; at = buf.indexOf('stream', at)) {
    const keyword = at;
    at += 6;
    const before = keyword > 0 ? buf[keyword - 1]! : 0;
    // `endstream`, or `stream` inside a name: not the start of a stream.
    if (keyword >= 3 && buf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    if (before !== 0x3e && before !== 0x20 && before !== 0x0a && before !== 0x0d && before !== 0x09) continue;
    let start = at;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === at) continue;
    const endstream = buf.indexOf('endstream', start);
    const end = endstream < 0 ? buf.byteLength : endstream;
    at = end;
    const obj = buf.lastIndexOf('obj', keyword);
    const dict = buf.toString('latin1', obj < 0 ? Math.max(0, keyword - 4096) : obj + 3, keyword);
    const filters = filtersOf(dict) ?? ['FlateDecode'];
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      blank(pdf, start, end, filters[0]);
      continue;
    }
    const embedded = /\/Type\s*\/EmbeddedFile\b/.test(dict);
    // Deflate grows incompressible data by well under 1 %: so much input decodes to more.
    if (embedded && end - start > limits.embeddedMaxBytes * 1.01 + 1024) {
      blank(pdf, start, end, filters[0]);
      continue;
    }

    const counted = filters.findIndex((f) => !SHRINKING.has(f));
    if (counted < 0) continue; // decodes to no more than its own length
    const count = COUNTERS[filters[counted]!];
    const remaining = limits.totalMaxBytes - scan.decodedBytes;
    const cap = Math.min(embedded ? limits.embeddedMaxBytes : limits.streamMaxBytes, remaining);
    // Only ASCII stages may come before the one counted, and only shrinking ones after it;
    // a second expanding stage or a filter we cannot count is taken at deflate's worst
    // case (1032:1), which only a hostile PDF reaches.
    const measurable =
      count !== undefined &&
      filters.slice(0, counted).every((f) => ASCII.has(f)) &&
      filters.slice(counted + 1).every((f) => SHRINKING.has(f));
    // Flate data ends itself: count up to the end of the file, so an `endstream` planted
    // inside the data (pdf.js trusts /Length) cannot shorten what is counted.
    let data = pdf.subarray(
      start,
      counted === 0 && (filters[0] === 'FlateDecode' || filters[0] === 'Fl') ? pdf.byteLength : end,
    );
    if (measurable) for (const f of filters.slice(0, counted)) data = asciiDecoded(f, data);
    const size = measurable ? count(data, cap) : (end - start) * 1032;
    if (size <= cap) {
      scan.decodedBytes += size;
      continue;
    }
    blank(pdf, start, end, filters[0]);
    if (embedded) continue; // too large to keep anyway
    scan.overLimit++;
    scan.limited ??=
      cap < limits.streamMaxBytes
        ? `PDF streams decode past ${limits.totalMaxBytes / MIB} MiB in total (the PDF inflate limit); the rest were not read`
        : `a PDF stream decodes past ${limits.streamMaxBytes / MIB} MiB (the PDF stream inflate limit); it was not read`;
  }
  if (scan.overLimit > 1) scan.limited += ` (${scan.overLimit} streams left out)`;
  return scan;
}

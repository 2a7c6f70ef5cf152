// DOCX text, read with limits so a zip bomb never reaches the worker's budget: only
// word/document.xml is inflated, its declared size is checked before inflating and its
// actual size while inflating (a lying header cannot slip through), and the XML is read
// by a streaming parser that expands no entities (billion laughs) and refuses a DOCTYPE,
// which WordprocessingML never has.
import { Unzip, UnzipInflate } from 'fflate';
import { SaxesParser } from 'saxes';
import { concatBytes } from './bytes.ts';
import { READER_LIMITS } from './limits.ts';

export class ReaderLimitError extends Error {
  constructor(
    readonly limit: string,
    message: string,
  ) {
    super(message);
  }
}

const DOCUMENT_XML = 'word/document.xml';

/** The inflated bytes of one zip entry, refused past `maxBytes` (declared or actual). */
export function inflateZipEntry(zip: Uint8Array, name: string, maxBytes: number): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let found = false;
  let failure: Error | null = null;
  let entries = 0;
  const unzip = new Unzip((file) => {
    entries++;
    if (entries > READER_LIMITS.zipMaxEntries) {
      failure ??= new ReaderLimitError('zip_entries', `more than ${READER_LIMITS.zipMaxEntries} zip entries`);
      return;
    }
    if (file.name !== name || found || failure) return;
    found = true;
    if (file.originalSize !== undefined && file.originalSize > maxBytes) {
      failure = new ReaderLimitError(
        'zip_inflated_size',
        `${name} declares ${file.originalSize} bytes inflated; the limit is ${maxBytes}`,
      );
      return;
    }
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      size += chunk.byteLength;
      if (size > maxBytes) {
        failure = new ReaderLimitError('zip_inflated_size', `${name} inflates past ${maxBytes} bytes`);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Push in slices so a terminated entry stops the work instead of inflating to the end.
  const slice = 8 * 1024;
  for (let at = 0; at < zip.byteLength && !failure; at += slice) {
    unzip.push(zip.subarray(at, Math.min(at + slice, zip.byteLength)), at + slice >= zip.byteLength);
  }
  if (failure) throw failure;
  if (!found) return null;
  return concatBytes(chunks, size);
}

/** Paragraph text of WordprocessingML: w:t runs, tabs and breaks; one line per paragraph. */
export function wordprocessingText(xml: string, maxChars: number): { text: string; cut: boolean } {
  const parser = new SaxesParser({ xmlns: false });
  const lines: string[] = [];
  let line = '';
  let total = 0;
  let inText = false;
  let cut = false;
  const add = (s: string) => {
    if (cut) return;
    if (total + s.length > maxChars) {
      s = s.slice(0, maxChars - total);
      cut = true;
    }
    line += s;
    total += s.length;
  };
  parser.on('doctype', () => {
    throw new ReaderLimitError('xml_doctype', 'document.xml has a DOCTYPE (entity declarations are not read)');
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'w:t') inText = true;
    else if (tag.name === 'w:tab') add('\t');
    else if (tag.name === 'w:br' || tag.name === 'w:cr') add('\n');
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'w:t') inText = false;
    else if (tag.name === 'w:p') {
      lines.push(line);
      line = '';
    }
  });
  parser.on('text', (text) => {
    if (inText) add(text);
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  if (line) lines.push(line);
  return {
    text: lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    cut,
  };
}

export function docxText(bytes: Uint8Array): { text: string; cut: boolean } {
  const xml = inflateZipEntry(bytes, DOCUMENT_XML, READER_LIMITS.zipEntryMaxBytes);
  if (!xml) throw new Error(`not a DOCX file (no ${DOCUMENT_XML})`);
  return wordprocessingText(new TextDecoder('utf-8').decode(xml), READER_LIMITS.documentTextMaxChars);
}

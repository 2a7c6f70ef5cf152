// A Blob made of bytes in memory, for the analysis workers. postal-mime hands every decoded
// part to `new Blob(chunks)` and reads it straight back with `arrayBuffer()`; Node's Blob
// does that through a native handle and an asynchronous reader, which took more than half of
// postal-mime's time on the corpus (2.4 ms a message, against 1.1 ms with this class; the
// same on Node 20 and 22). Measured with bench/throughput.ts: (a*) is postal-mime with it.
//
// Only the analysis workers install it (pipeline/worker.mjs): they run nothing but the
// pipeline, which never passes a Blob to a native API that checks for Node's own (structured
// clone, URL.createObjectURL, fetch bodies). The main thread keeps Node's Blob.
import { EOL } from 'node:os';
import { concatBytes } from './bytes.ts';

const NativeBlob = globalThis.Blob;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

type Part = ArrayBuffer | ArrayBufferView | string | Blob;

/** The Blob standard's type: lower case, or empty when it holds a character outside U+0020-U+007E. */
function normalizedType(type: string | undefined): string {
  const value = String(type ?? '');
  return /^[\x20-\x7e]*$/.test(value) ? value.toLowerCase() : '';
}

export class PartsBlob {
  // Blobs are immutable: the parts are copied into one array now, as Node's Blob copies them.
  readonly #bytes: Uint8Array<ArrayBuffer>;
  readonly #type: string;

  constructor(parts: Iterable<Part> = [], options: { type?: string; endings?: 'transparent' | 'native' } = {}) {
    // 'native' turns a string part's line breaks (CRLF, CR, LF) into this system's, as the File
    // API standard says and Node's Blob does from Node 24 (Node 22 leaves a lone CR).
    const native = options.endings === 'native' ? (s: string) => s.replace(/\r\n|\r|\n/g, EOL) : (s: string) => s;
    const pieces: Uint8Array[] = [];
    let size = 0;
    for (const part of parts) {
      let piece: Uint8Array;
      if (typeof part === 'string') piece = encoder.encode(native(part));
      else if (typeof part === 'object' && part !== null && #bytes in part) piece = part.#bytes;
      else if (part instanceof NativeBlob) {
        // Node's Blob can only be read asynchronously: a caller that mixes the two is not
        // the pipeline's, and must use Node's Blob.
        throw new TypeError('PartsBlob cannot hold a native Blob; use the native Blob for that');
      } else if (ArrayBuffer.isView(part)) piece = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
      else if (part instanceof ArrayBuffer) piece = new Uint8Array(part);
      else piece = encoder.encode(String(part));
      pieces.push(piece);
      size += piece.byteLength;
    }
    this.#bytes = concatBytes(pieces, size);
    this.#type = normalizedType(options.type);
  }

  /** `instanceof Blob` holds for both kinds while this class stands in for Blob. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return (typeof value === 'object' && value !== null && #bytes in value) || value instanceof NativeBlob;
  }

  get [Symbol.toStringTag](): string {
    return 'Blob';
  }

  get size(): number {
    return this.#bytes.byteLength;
  }

  get type(): string {
    return this.#type;
  }

  /** A new ArrayBuffer each time, as Blob's is: the caller may change it. */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice().buffer;
  }

  async bytes(): Promise<Uint8Array> {
    return this.#bytes.slice();
  }

  async text(): Promise<string> {
    return decoder.decode(this.#bytes);
  }

  slice(start?: number, end?: number, type?: string): PartsBlob {
    return new PartsBlob([this.#bytes.subarray(...clampedRange(this.#bytes.byteLength, start, end))], { type });
  }

  stream(): ReadableStream<Uint8Array> {
    return new NativeBlob([this.#bytes]).stream() as ReadableStream<Uint8Array>;
  }
}

/** Blob.slice's relative start and end: negative counts from the end; both clamped to the size. */
function clampedRange(size: number, start = 0, end = size): [number, number] {
  const at = (n: number) => (n < 0 ? Math.max(size + n, 0) : Math.min(n, size));
  const from = at(Math.trunc(start));
  return [from, Math.max(at(Math.trunc(end)), from)];
}

/** Stands PartsBlob in for the global Blob in this thread (an analysis worker). */
export function installPartsBlob(): void {
  globalThis.Blob = PartsBlob as unknown as typeof Blob;
}

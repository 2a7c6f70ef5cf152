// Byte arrays joined without Buffer.concat: below 4 KiB Buffer takes its bytes from a shared
// pool slab, so the result's `.buffer` would hold other data too (and its slice() shares
// memory); callers here hand `.buffer` on or keep the array as their own copy.

/** One new array holding `chunks` in order; `size` is their total length. */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

// Prefixed, time-ordered, opaque ids (DESIGN.md): keyset paging compares them as strings.
import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

// ulid's own generator asks the system for one random byte per character: 16 calls for
// each id made in a new millisecond, and ingest makes several ids a message. The bytes are
// drawn 4 KiB at a time instead (the same source; a byte / 256 picks one of 32 characters
// evenly). Ids are opaque, not secrets: keys and tokens draw their own bytes.
const randomPool = new Uint8Array(4096);
let randomUsed = randomPool.length;

function pooledRandom(): number {
  if (randomUsed === randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  return randomPool[randomUsed++]! / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

export type IdPrefix =
  | 'ten'
  | 'acc'
  | 'key'
  | 'bkt'
  | 'adr'
  | 'dst'
  | 'msg'
  | 'doc'
  | 'cap'
  | 'tsk'
  | 'tst'
  | 'run'
  | 'evt'
  | 'dlv'
  | 'int'
  | 'fbk'
  | 'grt'
  | 'sdr'
  | 'cor'
  | 'ses'
  | 'oag'
  | 'lrn';

/** Lower case keeps the ULID sort order (digits sort before letters either way). */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${nextUlid(now).toLowerCase()}`;
}

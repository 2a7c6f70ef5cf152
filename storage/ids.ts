// Prefixed, time-ordered, opaque ids (DESIGN.md): keyset paging compares them as strings.
import { monotonicFactory } from 'ulid';

const nextUlid = monotonicFactory();

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
  | 'cor';

/** Lower case keeps the ULID sort order (digits sort before letters either way). */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${nextUlid(now).toLowerCase()}`;
}

// The analysis workers stand pipeline/parts-blob.ts in for Node's Blob, which postal-mime
// reads every decoded part through. What a message reads as must not change: every corpus
// message and every business case is read with both, and the results compared whole.
import { readFileSync, readdirSync } from 'node:fs';
import { EOL } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeMessage } from '../../pipeline/index.ts';
import { PartsBlob, installPartsBlob } from '../../pipeline/parts-blob.ts';
import { CORPUS, corpusFile, corpusIndex } from '../helpers/corpus.ts';

const NativeBlob = globalThis.Blob;

afterEach(() => {
  globalThis.Blob = NativeBlob;
});

function allMessages(): [string, Uint8Array][] {
  const business = join(CORPUS, 'business/cases');
  return [
    ...corpusIndex().map(({ path }): [string, Uint8Array] => [path, corpusFile(path)]),
    ...readdirSync(business)
      .filter((f) => f.endsWith('.eml'))
      .map((f): [string, Uint8Array] => [`business/${f}`, new Uint8Array(readFileSync(join(business, f)))]),
  ];
}

describe('PartsBlob', () => {
  it('reads every corpus and business message exactly as Node’s Blob does', async () => {
    const messages = allMessages();
    expect(messages.length).toBeGreaterThan(420);
    const native = [];
    for (const [, raw] of messages) native.push(await analyzeMessage(raw));
    installPartsBlob();
    let attachments = 0;
    for (const [i, [path, raw]] of messages.entries()) {
      const read = await analyzeMessage(raw);
      // vitest's toEqual walks large byte arrays slowly; it only runs to show a difference.
      if (!isDeepStrictEqual(read, native[i])) expect(read, path).toEqual(native[i]);
      if (read.ok) attachments += read.message.parsed.attachments.length;
    }
    // The comparison covered decoded attachment bytes, not only bodies.
    expect(attachments).toBeGreaterThan(100);
    // About 45 s of CPU (every message read twice); a busy 2-core machine stretched it past
    // 120 s of wall time in a full run, so the limit leaves generous slack.
  }, 600_000);

  it('holds what Node’s Blob holds for each kind of part', async () => {
    const parts = () => [
      'zß€',
      new Uint8Array([1, 2, 3]),
      new Uint16Array([0x4142]).buffer,
      new DataView(new ArrayBuffer(2)),
    ];
    const ours = new PartsBlob(parts(), { type: 'Text/Plain' });
    const node = new NativeBlob(parts(), { type: 'Text/Plain' });
    expect(ours.size).toBe(node.size);
    expect(ours.type).toBe('text/plain');
    expect(new Uint8Array(await ours.arrayBuffer())).toEqual(new Uint8Array(await node.arrayBuffer()));
    expect(await ours.text()).toBe(await node.text());
    for (const [start, end] of [
      [1, 4],
      [-3, undefined],
      [5, 2],
      [undefined, -1],
      [0, 999],
    ] as const) {
      expect(await ours.slice(start, end).text(), `slice(${start}, ${end})`).toBe(await node.slice(start, end).text());
    }
    expect(new PartsBlob([], { type: 'a\u00e9' }).type).toBe('');
    const text = 'a\r\nb\rc\nd';
    expect(await new PartsBlob([text], { endings: 'transparent' }).text()).toBe(
      await new NativeBlob([text], { endings: 'transparent' }).text(),
    );
    // 'native' as the File API standard says (Node 24's Blob; Node 22's leaves the lone CR).
    expect(await new PartsBlob([text], { endings: 'native' }).text()).toBe(['a', 'b', 'c', 'd'].join(EOL));
    expect(Object.prototype.toString.call(ours)).toBe('[object Blob]');
  });

  it('copies its parts: changing them after does not change the blob, nor does changing what it gave', async () => {
    const source = new Uint8Array([1, 2, 3]);
    const blob = new PartsBlob([source]);
    source[0] = 9;
    const first = new Uint8Array(await blob.arrayBuffer());
    first[1] = 9;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('answers instanceof Blob for both kinds once installed, and refuses to hold a native Blob', () => {
    installPartsBlob();
    expect(new Blob(['x'])).toBeInstanceOf(PartsBlob);
    expect(new NativeBlob(['x']) instanceof Blob).toBe(true);
    expect(() => new PartsBlob([new NativeBlob(['x'])])).toThrow(/native Blob/);
  });
});

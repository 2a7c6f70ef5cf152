// The regexes rewritten for linear time (see test/contract/regex-safety.test.ts) find
// exactly what the quadratic originals found: compared on generated text, including the
// shapes that made the originals slow.
import { describe, expect, it } from 'vitest';
import { findEmail } from '../../pipeline/validate.ts';

const OLD_EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** Deterministic text over an alphabet that exercises the edge cases (seeded LCG). */
function samples(alphabet: string, count: number, maxLength: number): string[] {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * maxLength);
    return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  });
}

describe('findEmail', () => {
  it('finds what /[A-Za-z0-9._%+\'-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}/ finds, at the same index', () => {
    const texts = [
      ...samples('ab1.@-_ %x<>', 20_000, 24),
      ...samples('a.@c', 5_000, 16),
      'Write to Jane.Doe+inv@mail.example.com today', 'a@b@c.com', 'x@y.c1.co', 'x@y.comx1', '@a.com', 'a@.com', 'a@b..cd',
      "o'neil@ex-ample.org.", 'a@b.c', '', 'no address here',
    ];
    for (const text of texts) {
      const old = OLD_EMAIL.exec(text);
      const found = findEmail(text);
      expect(found, JSON.stringify(text)).toEqual(old ? { index: old.index, text: old[0] } : null);
    }
  });

  it('stays fast on the inputs that made the old regex quadratic', () => {
    // Not a timing assertion: these would take minutes with the old regex; here they return.
    expect(findEmail('.'.repeat(200_000))).toBeNull();
    expect(findEmail(`a@${'.'.repeat(200_000)}-`)).toBeNull();
    expect(findEmail(`${'%'.repeat(100_000)}${'--'.repeat(50_000)}%`)).toBeNull();
  });
});

// mailboxFromText was rewritten after this (pipeline/mailbox-text.ts: an address is valid or
// nothing) and is tested by test/unit/forward*.test.ts; its regexes are held linear by the
// regex-safety contract test.

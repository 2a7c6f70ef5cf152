// The bounds of message views (services/bounded-view.ts), apart from any tool.
import { describe, expect, it } from 'vitest';
import {
  FLOOR_ITEMS,
  FLOOR_TEXT,
  boundView,
  cutText,
  fitPage,
  fitView,
  jsonBytes,
  type ViewBounds,
} from '../../services/bounded-view.ts';

const BOUNDS: ViewBounds = {
  text: { '*': 100, subject: 50, 'to[].name': 10 },
  items: { '*': 20, to: 3 },
  whole: ['text'],
};

describe('cutText', () => {
  it('keeps short text as it is and cuts long text to the limit', () => {
    expect(cutText('hello', 5)).toBe('hello');
    expect(cutText('hello world', 5)).toBe('hello');
  });

  it('never ends between the halves of a surrogate pair', () => {
    expect(cutText('abcd😀', 5)).toBe('abcd');
    expect(cutText('abcd😀e', 6)).toBe('abcd😀');
  });
});

describe('boundView', () => {
  const message = {
    subject: 's'.repeat(80),
    text: 't'.repeat(500),
    note: 'n'.repeat(150),
    to: Array.from({ length: 5 }, (_, i) => ({ name: `Person number ${i}`, address: `p${i}@example.com` })),
    flags: ['a', 'b'],
    count: 7,
    missing: null,
  };

  it('cuts texts and lists at the cap their field pattern names, else at the default', () => {
    const { value, limited } = boundView(message, BOUNDS);
    expect(value.subject).toBe('s'.repeat(50));
    expect(value.note).toBe('n'.repeat(100));
    expect(value.to).toHaveLength(3);
    expect(value.to[0]).toEqual({ name: 'Person num', address: 'p0@example.com' });
    expect(value.flags).toEqual(['a', 'b']);
    expect(value.count).toBe(7);
    expect(value.missing).toBeNull();
    expect(limited).toEqual([
      { field: 'subject', length: 80, kept: 50 },
      { field: 'note', length: 150, kept: 100 },
      { field: 'to', length: 5, kept: 3 },
      { field: 'to[0].name', length: 15, kept: 10 },
      { field: 'to[1].name', length: 15, kept: 10 },
      { field: 'to[2].name', length: 15, kept: 10 },
    ]);
  });

  it('leaves fields named whole as they are, and the input unchanged', () => {
    const copy = structuredClone(message);
    const { value } = boundView(message, BOUNDS);
    expect(value.text).toHaveLength(500);
    expect(message).toEqual(copy);
  });

  it('names nothing when nothing is over its cap', () => {
    const small = { subject: 'Invoice', to: [{ name: 'Pat', address: 'pat@example.com' }] };
    expect(boundView(small, BOUNDS)).toEqual({ value: small, limited: [] });
  });

  it('shrinks every cap with the scale, down to the floors and never above the cap', () => {
    const big = { subject: 'x'.repeat(1000), note: 'y'.repeat(1000), list: Array.from({ length: 100 }, (_, i) => i) };
    const bounds: ViewBounds = { text: { '*': 400, subject: 20 }, items: { '*': 64 } };
    const half = boundView(big, bounds, 0.5).value;
    expect([half.subject.length, half.note.length, half.list.length]).toEqual([20, 200, 32]);
    const tiny = boundView(big, bounds, 1 / 1024).value;
    expect([tiny.subject.length, tiny.note.length, tiny.list.length]).toEqual([20, FLOOR_TEXT, FLOOR_ITEMS]);
  });
});

describe('fitView', () => {
  const view = { subject: 'x'.repeat(1000), to: Array.from({ length: 100 }, (_, i) => `p${i}@example.com`) };
  const bounds: ViewBounds = { text: { '*': 1000 }, items: { '*': 100 } };

  it('keeps the usual caps when the view fits its budget', () => {
    expect(fitView(view, bounds, 10_000).limited).toEqual([]);
  });

  it('halves the caps until the view fits, naming every cut', () => {
    const fitted = fitView(view, bounds, 1000);
    expect(jsonBytes(fitted.value)).toBeLessThanOrEqual(1000);
    // At 1/2, 500 units and 50 addresses are about 1,400 bytes; 1/4 keeps 250 and 25 (about 700).
    expect(fitted.limited).toEqual([
      { field: 'subject', length: 1000, kept: 250 },
      { field: 'to', length: 100, kept: 25 },
    ]);
  });

  it('stops at the floors when even they are over the budget', () => {
    const fitted = fitView(view, bounds, 10);
    expect(fitted.value.subject).toHaveLength(FLOOR_TEXT);
    expect(fitted.value.to).toHaveLength(FLOOR_ITEMS);
  });

  it('measures as it is told (a view without its paged texts)', () => {
    const paged = { subject: 'Invoice', text: 'z'.repeat(5000) };
    const blank = (key: string, value: unknown) => (key === 'text' ? '' : value);
    const fitted = fitView(paged, { ...bounds, whole: ['text'] }, 100, (v) => jsonBytes(v, blank));
    expect(fitted).toEqual({ value: paged, limited: [] });
  });
});

describe('fitPage', () => {
  const items = Array.from({ length: 10 }, (_, i) => ({ id: i, subject: 'é'.repeat(100) }));
  const itemBytes = jsonBytes(items[0]);

  it('gives every item when the page fits', () => {
    expect(fitPage(items, 10 * (itemBytes + 1) + 200)).toBe(items);
  });

  it('gives the longest run from the start that fits, counting UTF-8 bytes', () => {
    // Room for four items and their commas inside the brackets, not five.
    const budget = 128 + 2 + 4 * itemBytes + 3;
    expect(fitPage(items, budget)).toEqual(items.slice(0, 4));
    expect(fitPage(items, budget + itemBytes)).toEqual(items.slice(0, 4));
    expect(fitPage(items, budget + itemBytes + 1)).toEqual(items.slice(0, 5));
  });

  it('gives at least one item, whatever the budget', () => {
    expect(fitPage(items, 10)).toEqual(items.slice(0, 1));
    expect(fitPage([], 10)).toEqual([]);
  });
});

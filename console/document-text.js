// A document's text with each field's source marked: field sources are offsets
// {start, end} into this text (get_document_text). Text nodes and <mark> elements only.
import { h } from './dom.js';

/**
 * `ranges`: [{field, start, end}]. Overlapping ranges are split at every boundary so each
 * piece of text is marked with every field whose source covers it.
 */
export function markedText(text, ranges) {
  const cuts = new Set([0, text.length]);
  const inside = ranges.filter((r) => r.end > r.start && r.start < text.length);
  for (const r of inside) {
    cuts.add(Math.max(0, r.start));
    cuts.add(Math.min(text.length, r.end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [from, to] = [points[i], points[i + 1]];
    const slice = text.slice(from, to);
    const fields = inside.filter((r) => r.start <= from && r.end >= to).map((r) => r.field);
    if (fields.length === 0) {
      pieces.push(slice);
      continue;
    }
    pieces.push(
      h(
        'mark',
        {
          class: 'source',
          title: `Source of ${fields.join(', ')}`,
          dataset: { field: fields.join(' '), start: String(from) },
        },
        slice,
      ),
    );
  }
  return pieces;
}

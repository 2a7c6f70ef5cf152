// Header rows that the label reader does not take for one: a row of labels whose cells hold a
// digit ("Tipologia documento   Art. 73   Numero documento   Data documento"), so each label's
// "value" on its line is the next label. A value that reads as a field's label is a label; the
// label's value is the cell under it on the next line.
import { cellUnder, type Cell, type Line, nextFilled } from './layout.ts';
import {
  BARE_DATE,
  DUE_DATE,
  DUE_DATE_MORE,
  INVOICE_DATE,
  INVOICE_DATE_MORE,
  INVOICE_NUMBER,
  INVOICE_NUMBER_MORE,
  INVOICE_NUMBER_WORLD,
  PO_NUMBER,
  PO_NUMBER_MORE,
  RECEIPT_NUMBER,
} from './labels.ts';
import { wordsOf } from './words.ts';

const folded = (text: string) =>
  wordsOf(text)
    .map((w) => w.text)
    .join(' ');

/** Every field's labels, folded to their words. */
const FIELD_LABELS: ReadonlySet<string> = new Set(
  [
    ...INVOICE_NUMBER,
    ...INVOICE_NUMBER_MORE,
    ...INVOICE_NUMBER_WORLD,
    ...INVOICE_DATE,
    ...INVOICE_DATE_MORE,
    ...DUE_DATE,
    ...DUE_DATE_MORE,
    ...PO_NUMBER,
    ...PO_NUMBER_MORE,
    ...RECEIPT_NUMBER,
    ...BARE_DATE,
  ].map(folded),
);

/** Whether a text is, word for word, one of the fields' labels. */
export function isFieldLabel(text: string): boolean {
  return FIELD_LABELS.has(folded(text));
}

/**
 * The cell under the label whose value was read at `offset` (the cell after the label on its
 * line): where a header row prints the label's value.
 */
export function cellUnderLabel(lines: Line[], offset: number): Cell | null {
  const line = lines.find((l) => offset >= l.offset && offset < l.offset + l.text.length);
  if (!line) return null;
  const cell = line.cells.find((c) => offset >= c.offset && offset < c.offset + c.text.length);
  const index = cell ? line.cells.indexOf(cell) : -1;
  const label = index > 0 ? line.cells[index - 1] : undefined;
  const next = label ? nextFilled(lines, line.index, 2) : undefined;
  return (label && next && cellUnder(next, label.start, label.end, 1)) || null;
}

/**
 * The label cells of header rows (two labels side by side or more) that `wanted` lists, each
 * with the cell under it on the next line.
 */
export function underHeaderLabels(lines: Line[], wanted: readonly string[]): { label: Cell; value: Cell }[] {
  const want = new Set(wanted.map(folded));
  const out: { label: Cell; value: Cell }[] = [];
  for (const line of lines) {
    if (line.piped || line.cells.length < 2) continue;
    const labels = line.cells.filter((c) => c.text.length <= 40 && isFieldLabel(c.text));
    if (labels.length < 2) continue;
    const next = nextFilled(lines, line.index, 2);
    if (!next) continue;
    for (const label of labels) {
      if (!want.has(folded(label.text))) continue;
      const value = cellUnder(next, label.start, label.end, 1);
      if (value) out.push({ label, value });
    }
  }
  return out;
}

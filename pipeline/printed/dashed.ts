// "Invoice ID - #1208", "Order Date – 12-03-2026": a label, a dash standing where a colon
// would, then its value, as Bagisto's invoice prints its summary rows. The label reader knows
// a colon or a column gap after a label; the dash is read here, for the labels given.
import type { Line } from './layout.ts';

export interface DashedValue {
  /** The label (as listed) the value follows. */
  label: string;
  raw: string;
  offset: number;
}

const DASHES = [' - ', ' – ', ' — '];

/** The values after `label + dash` at the start of a cell, for each label of `labels`. */
export function dashedValues(lines: Line[], labels: readonly string[]): DashedValue[] {
  const lower = labels.map((l) => l.toLowerCase());
  const out: DashedValue[] = [];
  for (const line of lines) {
    // Cheap test first: most lines print no spaced dash.
    if (!DASHES.some((d) => line.text.includes(d))) continue;
    for (const cell of line.cells) {
      for (const [i, label] of lower.entries()) {
        if (cell.text.slice(0, label.length).toLowerCase() !== label) continue;
        const dash = DASHES.find((d) => cell.text.startsWith(d, label.length));
        if (!dash) continue;
        const start = label.length + dash.length;
        const raw = cell.text.slice(start).trim();
        if (raw) out.push({ label: labels[i]!, raw, offset: cell.offset + cell.text.indexOf(raw, start) });
      }
    }
  }
  return out;
}

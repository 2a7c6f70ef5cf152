// Linear text scans for the labeled_value extractor (pipeline/extract-labels.ts): where a value
// ends, what may stand before an amount, the label pattern, dates blanked out. Each replaces a
// regex that backtracked, so test/unit/linear-regex.test.ts checks them on their own.
import { datesIn } from './dates-in-text.ts';
import { isBoxVertical } from './text-table.ts';

// A value ends at the next cell, a wide gap, or where the next "Label:" starts (see valueEnd).
// A middle dot or bullet between spaces separates items on one line ("Kvittonummer: 118-2026-00441 · Kassa 3").
const GAP = /\s[|·•]\s|[│┃║┆┇┊┋╎╏¦]|\s{3,}|\t/;
const SPACE_BEFORE_CAPITAL = /\s\p{Lu}/gu;
const LABEL_CHAR = /[\p{L}.#°º ]/u;
// What may stand between a label and its amount: a currency, gross/tax words, "due on <date>";
// not "net", "HT", "excl." or any other word. One token at a time from a known position (sticky):
// at most one alternative matches at any position and each in one way only, so reading tokens
// in a row decides what `^(?:...)*$` decided, without its exponential backtracking.
const AMOUNT_PREFIX_TOKEN =
  /[\s:=.,()/-]|(?:eur|usd|gbp|chf|jpy|cad|aud|sek|nok|dkk|pln|czk|huf|mxn|brl|inr|cny|nzd|sgd|hkd|zar|ron|bgn|try|isk)\b|[€$£¥₹]|zł|kr\b|r\$|incl\b|inkl\b|including|inclusive|ttc\b|brutto\b|gross\b|vat\b|tax\b|taxes\b|mwst\b|ust\b|iva\b|btw\b|tva\b|moms\b|due\b|on\b|am\b|le\b|bis\b|by\b|\d{1,2}(?:[.,]\d+)?\s?%/iuy;

/**
 * Where a value starting the text ends, or -1 at the end of the line: the first of GAP and
 * `\s+\p{Lu}[\p{L}.#°º ]{1,30}:\s` (a "Label:"). The label is checked in code: as one regex
 * the search backtracked over long runs of spaces and the ReDoS analyser gave up on it.
 */
export function valueEnd(text: string): number {
  const gap = text.search(GAP);
  for (const m of text.matchAll(SPACE_BEFORE_CAPITAL)) {
    let start = m.index;
    while (start > 0 && /\s/.test(text[start - 1]!)) start--;
    if (gap >= 0 && start >= gap) break;
    if (labelFollows(text, m.index + m[0].length)) return start;
  }
  return gap;
}

// GAP tried at one place (sticky; `search` would keep a sticky pattern to the text's start):
// each of its alternatives reads only what follows that place.
const GAP_AT = /\s[|·•]\s|[│┃║┆┇┊┋╎╏¦]|\s{3,}|\t/y;

/**
 * `valueEnd` of every suffix of one line, the line read once: `from` is where the suffix starts
 * and the answer is `valueEnd(line.slice(from))`. A line of many labels (a long paragraph, or a
 * crafted one) would otherwise be read again to its end after each label.
 */
export function lineValueEnds(line: string): (from: number) => number {
  // Where GAP matches: its alternatives look only forward, so a suffix's first gap is the
  // first of these at or after its start.
  const gaps: number[] = [];
  for (let i = 0; i < line.length; i++) {
    GAP_AT.lastIndex = i;
    if (GAP_AT.test(line)) gaps.push(i);
  }
  // Each space before a capital that a "Label:" follows, with where the spaces before it begin.
  // Such matches cannot overlap, so a suffix's matches are the line's from its start on.
  const labels: { at: number; spaces: number }[] = [];
  for (const m of line.matchAll(SPACE_BEFORE_CAPITAL)) {
    if (!labelFollows(line, m.index + m[0].length)) continue;
    let spaces = m.index;
    while (spaces > 0 && /\s/.test(line[spaces - 1]!)) spaces--;
    labels.push({ at: m.index, spaces });
  }
  return (from) => {
    const gapAt = gaps[firstAtOrAfter(gaps.length, (k) => gaps[k]!, from)];
    const label = labels[firstAtOrAfter(labels.length, (k) => labels[k]!.at, from)];
    const gap = gapAt === undefined ? -1 : gapAt - from;
    if (!label) return gap;
    const start = Math.max(from, label.spaces) - from;
    return gap >= 0 && start >= gap ? gap : start;
  };
}

/** The first index in 0..length whose place (ascending) is at or after `from`: a binary search. */
function firstAtOrAfter(length: number, placeOf: (k: number) => number, from: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (placeOf(mid) < from) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Whether `[\p{L}.#°º ]{1,30}:\s` stands at `at`. */
function labelFollows(text: string, at: number): boolean {
  let count = 0;
  let i = at;
  while (i < text.length) {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    if (!LABEL_CHAR.test(c)) break;
    if (++count > 30) return false;
    i += c.length;
  }
  return count >= 1 && text[i] === ':' && /\s/.test(text[i + 1] ?? '');
}

/** Whether the text is nothing but what may stand between a label and its amount. */
export function amountPrefix(text: string): boolean {
  let at = 0;
  while (at < text.length) {
    AMOUNT_PREFIX_TOKEN.lastIndex = at;
    if (!AMOUNT_PREFIX_TOKEN.test(text)) return false;
    at = AMOUNT_PREFIX_TOKEN.lastIndex;
  }
  return true;
}

/** The text without trailing punctuation (a loop: `[.,;!?]+$` searched backtracks quadratically). */
export function trimPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && '.,;!?'.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Whether the text ends in a cell gap: ` | `, three spaces or a tab (as SEGMENT_SPLIT). */
export function endsWithGap(text: string): boolean {
  const ws = (c: string | undefined) => c !== undefined && /\s/.test(c);
  const n = text.length;
  return (
    text.endsWith('\t') ||
    isBoxVertical(text.trimEnd().charCodeAt(text.trimEnd().length - 1)) ||
    (ws(text[n - 1]) && ws(text[n - 2]) && ws(text[n - 3])) ||
    (ws(text[n - 1]) && text[n - 2] === '|' && ws(text[n - 3]))
  );
}

function escapeLabel(label: string): string {
  // A space in a label is one or two spaces in the text, never a cell gap or a line break.
  return label
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '[ \\u00a0]{1,2}');
}

const CJK_EDGE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The labels (lower case, single spaces) as one alternation, most specific first. Each is a
 * literal with bounded lookarounds, so the search is linear in the text whatever the labels.
 */
export function labelPattern(labels: string[]): string {
  // Not inside a word or a code ("Sub-Total", "Kunden-Nr."): bounded where the label starts or ends with a letter or digit.
  // Chinese and Japanese write no spaces between words: a label there is bounded only by a
  // digit or a code ("ご請求日" holds "請求日", "开单日期" holds "日期").
  return labels
    .map((label) => {
      const before = CJK_EDGE.test(label[0]!) ? '(?<![\\p{N}/.\\-])' : '(?<![\\p{L}\\p{N}/.\\-])';
      const after = CJK_EDGE.test(label.at(-1)!) ? '(?![\\p{N}])' : '(?![\\p{L}\\p{N}])';
      return `${/^[\p{L}\p{N}]/u.test(label) ? before : ''}${escapeLabel(label)}${/[\p{L}\p{N}]$/u.test(label) ? after : ''}`;
    })
    .join('|');
}

// Read with datesIn (see there): the words as whole letter runs.
const DATES_IN_TEXT =
  /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|(?<!\p{L})(?<lead>\p{L}{3,})\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+(?<middle>\p{L}{3,})\.?\s+\d{4}/gu;

// A time of day ("15:58", "07:41:09") is never an amount: "Betaald 13-03-2026 15:58" holds none.
const TIME_OF_DAY = /(?<![\d.,:])\d{1,2}:\d{2}(?::\d{2})?(?![\d.,:])/g;

/** The text with its dates and times of day blanked (same length, so offsets stay valid). */
export function blankDates(text: string): string {
  let out = '';
  let at = 0;
  for (const d of datesIn(DATES_IN_TEXT, text)) {
    out += text.slice(at, d.index) + ' '.repeat(d.text.length);
    at = d.index + d.text.length;
  }
  out += text.slice(at);
  return out.includes(':') ? out.replace(TIME_OF_DAY, (t) => ' '.repeat(t.length)) : out;
}

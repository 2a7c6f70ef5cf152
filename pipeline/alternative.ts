// `alternative_mismatch`: the text/plain and HTML alternatives of one message say materially
// different things, so a person reading one sees what an agent reading the other does not
// (a classic way to show a reviewer one invoice and an agent another).

/** Distinct content words: letters or digits, 3+ characters, URLs and addresses left out (clients rewrite links). */
function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[ \t\r\n\f\u00A0]+/)) {
    if (token.includes('://') || token.includes('@') || token.startsWith('www.') || token.startsWith('<http')) continue;
    for (const w of token.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3) out.add(w);
  }
  return out;
}

/** Words of `a` not in `b`. */
function missing(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (!b.has(w)) n++;
  return n;
}

const MIN_WORDS = 8;
const MIN_SHARE = 0.25;

/**
 * True when one alternative holds at least 8 distinct content words, and a quarter of its
 * words, that the other lacks. Thresholds measured on the corpus: a text part generated
 * from the HTML differs in a few words (link labels, "view in browser"), not in a quarter.
 */
export function alternativesDiffer(plain: string, htmlVisible: string): boolean {
  const p = contentWords(plain);
  const h = contentWords(htmlVisible);
  if (p.size === 0 || h.size === 0) return false;
  const fromHtml = missing(p, h);
  const fromPlain = missing(h, p);
  return (
    (fromHtml >= MIN_WORDS && fromHtml / p.size >= MIN_SHARE) ||
    (fromPlain >= MIN_WORDS && fromPlain / h.size >= MIN_SHARE)
  );
}

// Dates written in running text. The patterns match a month or weekday word as a whole letter
// run ((?<lead>...) in front of the number, (?<middle>...) between day and year): a counted
// `\p{L}{3,12}` there is more than the ReDoS analyser can prove linear, and an uncounted one
// searched from every letter of a long word is quadratic. The results are those the counted
// pattern gave: a word in front of the date counts with its last 12 letters, and a date with a
// longer word inside is no date (the search goes on after its first digit).

export interface FoundDate {
  index: number;
  text: string;
}

/** Every date `re` (global, with `lead` and `middle` groups of whole letter runs) finds. */
export function datesIn(re: RegExp, text: string): FoundDate[] {
  const out: FoundDate[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const { lead, middle } = m.groups ?? {};
    // Letters are counted in code points, as the `u` flag counts them.
    if (middle !== undefined && [...middle].length > 12) {
      re.lastIndex = m.index + 1;
      continue;
    }
    const letters = lead === undefined ? [] : [...lead];
    const drop = letters.slice(0, Math.max(0, letters.length - 12)).join('').length;
    out.push({ index: m.index + drop, text: m[0].slice(drop) });
  }
  return out;
}

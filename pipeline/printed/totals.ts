// The amount a document asks to be paid, chosen as a clerk checks it: the payable line if
// there is one, else the gross total; every labelled amount of the page has a role (payable,
// gross, total, net, tax, paid), and arithmetic between them (net + tax = gross, gross -
// paid = payable) confirms a choice or casts doubt on it. A "Total amount" line can be the
// net sum on one layout and the gross on another: only the arithmetic tells.
import type { PrintedAmount, RoleAmount } from './amounts.ts';
import { INCLUDING, REMAINING } from './lexicon.ts';
import { hasPhrase, wordsOf } from './words.ts';

export interface TotalChoice {
  amount: RoleAmount;
  confidence: number;
  /** How the choice was made, for the dry run's reader. */
  why: string;
}

const CENT = 0.011;

const near = (a: number, b: number, tolerance = CENT) => Math.abs(a - b) <= tolerance;

// Standard and reduced VAT/GST/sales-tax rates in use (percent): a tax amount that is one of
// them applied to a total says how the two relate.
const TAX_RATES = [
  2.5, 3, 4, 5, 5.5, 6, 7, 7.7, 8, 8.1, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27,
];
/** Line-by-line rounding: a cent, or a tenth of a percent of a large tax. */
const rounding = (tax: number) => Math.max(CENT, tax * 0.001);

/** Tax amounts one by one, and summed over the lines that print them (several rates). */
function taxFigures(amounts: RoleAmount[]): number[] {
  const taxes = amounts.filter((a) => a.role === 'tax' && a.value !== 0);
  const byLine = new Map<number, number>();
  for (const t of taxes) byLine.set(t.line, t.value);
  const distinct = [...new Set(taxes.map((t) => t.value))];
  const sum = [...byLine.values()].reduce((s, v) => s + v, 0);
  return [...distinct, sum];
}

/**
 * The distinct values of the page's base amounts (net, total, gross), sorted, so that asking
 * whether an amount is a base plus a tax looks at the few bases within a cent of the answer,
 * not at every amount the page prints.
 */
function baseValues(amounts: RoleAmount[]): number[] {
  const bases = amounts.filter((a) => a.role === 'net' || a.role === 'total' || a.role === 'gross');
  return [...new Set(bases.map((a) => a.value))].sort((a, b) => a - b);
}

/** Whether `value` is a base amount printed on the page (`bases`, from baseValues) plus its tax. */
function sumOfNetAndTax(value: number, bases: number[], taxes: number[]): boolean {
  return taxes.some((t) => {
    // The bases within two cents of value - t (a margin over near's cent for the rounding of
    // the subtraction), each then checked as before.
    let lo = 0;
    let hi = bases.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bases[mid]! < value - t - 2 * CENT) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < bases.length && bases[i]! <= value - t + 2 * CENT; i++) {
      const b = bases[i]!;
      if (Math.abs(b) < Math.abs(value) && near(b + t, value)) return true;
    }
    return false;
  });
}

function last<T extends { line: number }>(list: T[]): T | undefined {
  return list.reduce<T | undefined>((best, a) => (!best || a.line >= best.line ? a : best), undefined);
}

function distinctValues(list: RoleAmount[]): number[] {
  const out: number[] = [];
  for (const a of list) if (!out.some((v) => near(v, a.value))) out.push(a.value);
  return out;
}

/** An amount the page prints, on which line. */
export interface PrintedValue {
  value: number;
  line: number;
  /** The amount as printed, where the reader may take it for the total. */
  printed?: PrintedAmount;
}

/**
 * `itemsSum`: what the item lines above the totals add up to (amounts.ts itemLinesSum), when
 * the page has them; a total equal to it, or to it plus a tax, is confirmed by it.
 */
export function chooseTotal(
  amounts: RoleAmount[],
  itemsSum: number | null = null,
  printed: PrintedValue[] = [],
): TotalChoice | null {
  const choice = billTotal(amounts, itemsSum, printed);
  return choice ? withTip(choice, amounts, printed) : null;
}

/** Whether the page prints an amount it billed or took (a total, a gross, a payment). */
function printsBilledAmount(amounts: RoleAmount[]): boolean {
  return amounts.some((a) => a.value > 0 && ['total', 'gross', 'paid'].includes(a.role));
}

/**
 * A receipt's total is what was paid: a paid bill's "Amount due 0.00" is no total of it (an
 * invoice's total is what it asks to be paid, zero once settled).
 */
export function receiptAmounts(amounts: RoleAmount[]): RoleAmount[] {
  return printsBilledAmount(amounts) ? amounts.filter((a) => !(a.role === 'payable' && a.value === 0)) : amounts;
}

/**
 * Choices that are right by one bookkeeping convention and wrong by another are not sure:
 * - a settled invoice's "Amount due 0.00" under the total it billed: what it asks to be paid
 *   is nothing, what it billed is the total; the business corpus's KoSIT prints want 0, shop
 *   and billing mails' readers the total;
 * - a receipt for a part payment ("Amount received 18,500.00 · Balance outstanding
 *   23,980.00"): what was paid or what is left is the receipt's total by house style.
 */
export function withConventionDoubt(
  choice: TotalChoice,
  amounts: RoleAmount[],
  kind: 'invoice' | 'receipt',
  printed: PrintedValue[] = [],
): TotalChoice {
  const pick = choice.amount;
  const paidAfter = receiptPaid(choice, amounts, kind, printed);
  if (paidAfter) return paidAfter;
  const settled = pick.role === 'payable' && pick.value === 0 && printsBilledAmount(amounts);
  const partPaid =
    kind === 'receipt' &&
    pick.role === 'payable' &&
    pick.value > 0 &&
    amounts.some((a) => a.role === 'paid' && a.value > 0 && a.value !== pick.value);
  if (partPaid) {
    // A receipt for a deposit or an instalment ("Montant total du séjour 486,00 · Arrhes versées
    // 145,80 · Reste à régler 340,20"): what it says was paid is the part, where the total less
    // the part is the rest still due. Houses file the part or the rest, so no surer than 0.7.
    const part = amounts.find(
      (a) =>
        a.role === 'paid' &&
        a.value > 0 &&
        a.line < pick.line &&
        amounts.some(
          (g) => (g.role === 'total' || g.role === 'gross') && g.line < a.line && near(g.value - a.value, pick.value),
        ),
    );
    if (part) return { amount: part, confidence: 0.7, why: 'the part paid of the total, the rest still due' };
  }
  return settled || partPaid ? { ...choice, confidence: Math.min(choice.confidence, 0.7) } : choice;
}

/** The printed amounts strictly between two lines, summed. */
function sumBetween(printed: PrintedValue[], from: number, to: number): { sum: number; count: number } {
  const between = printed.filter((v) => v.line > from && v.line < to && v.value > 0);
  return { sum: between.reduce((s, v) => s + v.value, 0), count: between.length };
}

/**
 * Whether `later` is `base` and the charges printed between them (fees, shipping, a service
 * charge): "Subtotal 122.00 · Service charge 12.20 · Amount 134.20".
 */
function baseAndCharges(base: PrintedValue, later: PrintedValue, printed: PrintedValue[]): boolean {
  const { sum, count } = sumBetween(printed, base.line, later.line);
  return count > 0 && near(base.value + sum, later.value);
}

/**
 * A receipt's total is what was paid, where the page prints it beside the bill's own amount:
 * - "Total due to court 213.00 · Convenience fee 6.39 · Total charged 219.39": what was
 *   charged is the amount due and the fees after it, and the arithmetic says so;
 * - "Payment Amount 612.50 · Remaining plan balance 1,225.00": the balance is what is left;
 * - "Total fees 328.55 · Estimated insurance portion 262.04 · Patient portion paid 66.51": the
 *   total less another payer's part is what this payer paid.
 * The last two are the part paid of a larger sum, which houses file either way: no surer than 0.7.
 */
function receiptPaid(
  choice: TotalChoice,
  amounts: RoleAmount[],
  kind: 'invoice' | 'receipt',
  printed: PrintedValue[],
): TotalChoice | null {
  const pick = choice.amount;
  if (kind !== 'receipt' || pick.value <= 0) return null;
  const paid = amounts.filter((a) => a.role === 'paid' && a.value > 0 && !near(a.value, pick.value));
  if (pick.role === 'payable') {
    const charged = paid.filter((a) => a.line > pick.line && a.value > pick.value && baseAndCharges(pick, a, printed));
    if (charged.length > 0)
      return {
        amount: last(charged)!,
        confidence: choice.confidence,
        why: 'the amount due and the fees charged after it',
      };
    const before = paid.filter((a) => a.line < pick.line);
    if (before.length > 0 && hasPhrase(wordsOf(pick.label), REMAINING))
      return { amount: last(before)!, confidence: 0.7, why: 'the amount paid, a balance remaining after it' };
    return null;
  }
  if (pick.role !== 'total' && pick.role !== 'gross') return null;
  const share = paid.filter((a) => {
    if (a.line <= pick.line || a.value >= pick.value) return false;
    const { sum, count } = sumBetween(printed, pick.line, a.line);
    return count > 0 && near(pick.value - sum, a.value);
  });
  return share.length > 0 ? { amount: last(share)!, confidence: 0.7, why: 'the total less what another paid' } : null;
}

/**
 * A tip printed after the bill's total, then a line that is the total and the tip ("Total TTC
 * 44,90 · Pourboire 3,00 · Montant réglé 47,90"): what was charged is that sum, and the
 * arithmetic confirms it.
 */
function withTip(choice: TotalChoice, amounts: RoleAmount[], printed: PrintedValue[]): TotalChoice {
  const pick = choice.amount;
  const tips = amounts.filter((a) => a.role === 'tip' && a.value > 0 && a.line > pick.line);
  if (tips.length === 0) return choice;
  const charged = amounts.filter(
    (a) =>
      ['paid', 'total', 'gross', 'payable'].includes(a.role) &&
      a.line > pick.line &&
      tips.some((t) => t.line < a.line && near(pick.value + t.value, a.value)),
  );
  const sum = last(charged);
  // The sum adds up; a doubt about the bill's total (rivals) stays a doubt.
  if (sum)
    return { amount: sum, confidence: choice.confidence >= 0.85 ? 0.9 : choice.confidence, why: 'total and tip' };
  // A tip after the total and no line that adds them up (lost, or worded otherwise): what was
  // charged may be the total or the total and the tip, a rival of similar strength. Unless the
  // lines from the total down to the tip are its breakdown (fare, fees, tip add up to it).
  const tip = tips.reduce((a, b) => (b.line < a.line ? b : a));
  const breakdown = printed
    .filter((v) => v.line > pick.line && v.line <= tip.line && v.value > 0)
    .reduce((s, v) => s + v.value, 0);
  return near(breakdown, pick.value) ? choice : { ...choice, confidence: Math.min(choice.confidence, 0.7) };
}

/**
 * Whether the page prints, below the total, a part of it whose rest it prints too, other than
 * the net and tax that sum to it: 1.717,20 under a gross of 1.960,20 with 243,00 withheld, a
 * balance under a total with a deposit. What is due may be that part, its label lost or
 * unknown to the reader. (Item lines above the total that add up to it are no such part.)
 */
function splitOfTotal(total: RoleAmount, printed: PrintedValue[], amounts: RoleAmount[], taxes: number[]): boolean {
  const bases = amounts.filter((a) => ['net', 'total', 'gross'].includes(a.role)).map((a) => a.value);
  const confirming = (x: number, d: number) => bases.some((b) => near(b, x)) && taxes.some((t) => near(t, d));
  const parts = printed.filter((p) => p.value > 0 && p.value < total.value - CENT);
  return parts.some(
    (x, i) =>
      x.line > total.line &&
      parts.some(
        (d, j) =>
          i !== j &&
          near(x.value + d.value, total.value) &&
          !confirming(x.value, d.value) &&
          !confirming(d.value, x.value),
      ),
  );
}

/**
 * Whether the amounts of the lines above `total`, from a line at or before `from` down, add up
 * to it (each line's largest: "¥200 x 2 ¥400" counts 400 once).
 */
function addsUpAbove(total: RoleAmount, from: number, printed: PrintedValue[]): boolean {
  const lastOfLine = new Map<number, number>();
  for (const v of printed)
    if (v.line < total.line && v.value > (lastOfLine.get(v.line) ?? 0)) lastOfLine.set(v.line, v.value);
  let sum = 0;
  for (let line = total.line - 1; line >= Math.max(0, total.line - 30); line--) {
    sum += lastOfLine.get(line) ?? 0;
    if (line <= from && lastOfLine.has(line) && near(sum, total.value)) return true;
  }
  return false;
}

function billTotal(amounts: RoleAmount[], itemsSum: number | null, printed: PrintedValue[]): TotalChoice | null {
  if (amounts.length === 0) return null;
  const taxes = taxFigures(amounts);
  const addsUp = (a: RoleAmount) =>
    itemsSum !== null && (near(a.value, itemsSum) || taxes.some((t) => near(itemsSum + t, a.value)));
  const bases = baseValues(amounts);
  const confirmed = (a: RoleAmount) => sumOfNetAndTax(a.value, bases, taxes) || addsUp(a);
  const grossish = amounts.filter((a) => (a.role === 'gross' || a.role === 'total') && a.value !== 0);
  const confirmedGross = grossish.filter(confirmed);
  const paid = amounts.filter((a) => a.role === 'paid' && a.value !== 0).map((a) => a.value);

  // 1. The payable line. Zero only when the page shows it paid (gross - paid = 0); a zero
  // "amount due" on a receipt otherwise says nothing about what was paid.
  // Paid in one go or in parts (a deposit, then the rest: "Acompte -100,00", "Règlement CB -282,12").
  const paidSum = paid.reduce((sum, v) => sum + Math.abs(v), 0);
  const paidOff = (p: RoleAmount) =>
    p.value === 0 &&
    grossish.some(
      (g) => paid.some((v) => near(g.value - Math.abs(v), 0)) || (paid.length > 1 && near(g.value, paidSum)),
    );
  const payables = amounts.filter((a) => a.role === 'payable' && (a.value !== 0 || paidOff(a)));
  if (payables.length > 0) {
    // Explained: the gross that net + tax confirm, less what was paid.
    // A balance is a total less what was taken off between them ("Total fees 353.00 · Health
    // fund benefit -201.60 · Payment received -100.00 · Balance owing 51.40"): the mirror of
    // withCharges below. (Printed values carry no sign; every amount between is taken off.)
    const deducted = (p: RoleAmount) =>
      grossish.some((g) => {
        if (g.line >= p.line || g.line < p.line - 6) return false;
        const off = sumBetween(printed, g.line, p.line);
        return off.count > 0 && near(g.value - off.sum, p.value);
      });
    const explained = (p: RoleAmount) =>
      confirmed(p) ||
      deducted(p) ||
      confirmedGross.some((g) => near(g.value, p.value) || paid.some((v) => near(g.value - Math.abs(v), p.value))) ||
      (confirmedGross.length === 0 &&
        grossish.some((g) => near(g.value, p.value) || paid.some((v) => near(g.value - Math.abs(v), p.value))));
    // A reminder's demand: an amount above it and the fees and interest printed between them
    // add up to it ("Reste dû 1 240,00 · Indemnité 40,00 · Total à régler 1 280,00").
    const withCharges = (p: RoleAmount) => {
      const above = printed.filter((v) => v.line < p.line && v.line >= p.line - 6 && v.value > 0);
      return above.some((x) => {
        const between = above.filter((v) => v.line > x.line);
        return between.length > 0 && near(x.value + between.reduce((sum, v) => sum + v.value, 0), p.value);
      });
    };
    const good = payables.filter((p) => explained(p) || withCharges(p));
    const pick = last(good) ?? last(payables)!;
    const rivals = distinctValues(payables).length > 1;
    // A confirmed gross that is not what is asked, with nothing paid to explain it, is a doubt.
    // So is a larger gross or total printed near it that nothing paid explains (the payable
    // label may sit on another amount: a tax, a share, when the page's own label was unknown);
    // a rounding to whole units (2.416,16 due as 2.416,00) is no such difference.
    const charged = !explained(pick) && withCharges(pick);
    const contradicted =
      !explained(pick) &&
      (confirmedGross.length > 0 ||
        grossish.some((g) => Math.abs(g.line - pick.line) <= 8 && g.value - pick.value > Math.max(1, 0.01 * g.value)));
    // Two payable amounts and nothing to tell them apart: each is a guess.
    // A gross that is not what is asked is explained when an amount and its charges add up to
    // what is asked (a reminder's open amount, its fee and interest): less sure than the totals.
    const confidence =
      rivals && good.length === 0
        ? 0.5
        : (contradicted && !charged) || (rivals && good.length !== 1)
          ? 0.7
          : explained(pick)
            ? 0.95
            : contradicted
              ? 0.85
              : 0.9;
    return {
      amount: pick,
      confidence,
      why: explained(pick)
        ? 'payable, confirmed by the totals'
        : charged
          ? 'payable, an amount and its charges'
          : 'payable',
    };
  }

  // A part of the total paid (a deposit taken off, an instalment, one payer's share: "Pagato
  // con AMERICAN EXPRESS 483,50" under "TOTALE SOGGIORNO 683,50") is a rival of similar
  // strength for what is due: the payable line that says so may be the one the reader missed.
  // Shares that add up to the total (a split bill: "Pago 1/2 ... 48,70", "Pago 2/2 ... 48,70")
  // paid all of it: every place the page prints one of the amounts paid, summed.
  const paidInFull = (pick: RoleAmount) =>
    near(
      printed.filter((v) => v.value > 0 && paid.some((p) => near(p, v.value))).reduce((sum, v) => sum + v.value, 0),
      pick.value,
    );
  const partPaid = (pick: RoleAmount) =>
    !paidInFull(pick) && paid.some((v) => v > 0 && pick.value > 0 && v < pick.value - CENT && !near(pick.value - v, 0));

  // 2. A gross or total that net + tax confirm.
  if (confirmedGross.length > 0) {
    const pick = last(confirmedGross)!;
    // The net the item lines add up to under a total that is it and its tax ("Total HTVA
    // 1.896,00 · TVA 21% 398,16 · Total TVAC 2.294,16") is no rival: one chain of arithmetic.
    const rivals = confirmedGross.some(
      (g) => !near(g.value, pick.value) && !taxes.some((t) => t > 0 && near(g.value + t, pick.value)),
    );
    const byTax = sumOfNetAndTax(pick.value, bases, taxes);
    // The item lines add up to a subtotal: a larger total printed after it is the subtotal and
    // the charges between them (shipping, fees) when those add up, else a rival it does not explain.
    if (!byTax) {
      const later = grossish.filter((g) => g.line > pick.line && g.value > pick.value + CENT);
      const withCharges = later.filter((g) => baseAndCharges(pick, g, printed));
      if (withCharges.length > 0)
        return {
          amount: last(withCharges)!,
          confidence: 0.85,
          why: 'the subtotal the item lines add up to, and the charges after it',
        };
      if (later.length > 0)
        return { amount: pick, confidence: 0.7, why: 'the item lines add up to it; a larger total follows' };
    }
    const why = byTax ? 'net + tax = total' : 'the item lines add up to it';
    const takenOff = partPaid(pick) || (byTax && !paidInFull(pick) && splitOfTotal(pick, printed, amounts, taxes));
    return { amount: pick, confidence: rivals || takenOff ? 0.7 : 0.9, why };
  }

  // 3. A gross label, then a bare total: unconfirmed, so less sure, and unsure with rivals.
  // One value under such labels is what a clerk would take; two or more are a guess; a part
  // of it paid is a rival (above).
  // A tax that is a rate OF the total (21% of 1.620,00 is 340,20), not a rate the total
  // includes (21/121 of it): the bare total is the sum before tax, its gross line lost (cut
  // off, or labelled in words the reader does not know), a rival of similar strength for the
  // amount due. A till's "MwSt 19% 4,62" under "Summe 28,94" is the included kind.
  const addedTax = (pick: RoleAmount) =>
    taxes.some(
      (t) =>
        t > 0 &&
        pick.value > t &&
        TAX_RATES.some((r) => near((pick.value * r) / 100, t, rounding(t))) &&
        !TAX_RATES.some((r) => near((pick.value * r) / (100 + r), t, rounding(t))) &&
        printed.some((v) => near(v.value, pick.value + t)),
    ) && !amounts.some((a) => a.role === 'tax' && hasPhrase(wordsOf(a.label), INCLUDING));
  const gross = amounts.filter((a) => a.role === 'gross' && a.value !== 0);
  if (gross.length > 0) {
    const pick = last(gross)!;
    // A total larger than the gross: the gross label may be a word of an item line ("Popcorn
    // gross"), or the total may hold more than the gross. What was paid tells them apart.
    const larger = amounts.filter((a) => a.role === 'total' && a.value > pick.value + CENT);
    const paidTotal = larger.filter((a) => paid.some((v) => near(v, a.value)));
    if (paidTotal.length > 0 && !paid.some((v) => near(v, pick.value)))
      return { amount: last(paidTotal)!, confidence: 0.85, why: 'total label, what was paid' };
    // Item lines priced with their tax ("Room 2 nights (tax incl.) ¥23,600 · Breakfast (tax
    // incl.) ¥3,000 · Total ¥27,000"): the lines from the first gross down add up to the total.
    const summed = larger.filter((t) => addsUpAbove(t, gross[0]!.line, printed));
    if (summed.length > 0)
      return { amount: last(summed)!, confidence: 0.85, why: 'total label, the lines above add up to it' };
    const confidence = distinctValues(gross).length > 1 || larger.length > 0 ? 0.6 : partPaid(pick) ? 0.7 : 0.85;
    return { amount: pick, confidence, why: 'gross label' };
  }
  const totals = amounts.filter((a) => a.role === 'total' && a.value !== 0);
  if (totals.length > 0) {
    const values = distinctValues(totals);
    const largest = totals.reduce((best, a) => (Math.abs(a.value) > Math.abs(best.value) ? a : best));
    const beforeTax = addedTax(largest);
    const confidence = values.length > 1 ? 0.6 : partPaid(largest) || beforeTax ? 0.7 : 0.85;
    return { amount: largest, confidence, why: beforeTax ? 'total label, a tax added to it' : 'total label' };
  }
  const paidLines = amounts.filter((a) => a.role === 'paid' && a.value !== 0);
  if (paidLines.length > 0) {
    // A receipt's "Total paid": what it paid for when its item lines add up to it.
    const adding = paidLines.filter(addsUp);
    if (adding.length > 0)
      return {
        amount: last(adding)!,
        confidence: distinctValues(paidLines).length > 1 ? 0.7 : 0.9,
        why: 'amount paid, the item lines add up to it',
      };
    const pick = last(paidLines)!;
    return { amount: pick, confidence: distinctValues(paidLines).length > 1 ? 0.5 : 0.7, why: 'amount paid' };
  }
  // A subtotal, the charges after it and their sum under a label the reader does not know as a
  // total ("Subtotal 122.00 · Service charge 10% 12.20 · Amount 134.20"): the arithmetic names
  // the sum, the label does not, so no surer than 0.7.
  const subtotal = last(amounts.filter((a) => a.role === 'net' && a.value > 0));
  const sum =
    subtotal &&
    printed.find(
      (v) =>
        v.line > subtotal.line &&
        v.line <= subtotal.line + 6 &&
        v.value > subtotal.value + CENT &&
        baseAndCharges(subtotal, v, printed),
    );
  if (sum?.printed) {
    const amount: RoleAmount = { ...sum.printed, value: sum.value, line: sum.line, role: 'total', label: '' };
    return { amount, confidence: 0.7, why: 'the subtotal and the charges after it' };
  }
  return null;
}

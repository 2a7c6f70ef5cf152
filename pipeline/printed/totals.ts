// The amount a document asks to be paid, chosen as a clerk checks it: the payable line if
// there is one, else the gross total; every labelled amount of the page has a role (payable,
// gross, total, net, tax, paid), and arithmetic between them (net + tax = gross, gross -
// paid = payable) confirms a choice or casts doubt on it. A "Total amount" line can be the
// net sum on one layout and the gross on another: only the arithmetic tells.
import type { RoleAmount } from './amounts.ts';

export interface TotalChoice {
  amount: RoleAmount;
  confidence: number;
  /** How the choice was made, for the dry run's reader. */
  why: string;
}

const CENT = 0.011;

const near = (a: number, b: number, tolerance = CENT) => Math.abs(a - b) <= tolerance;

/** Tax amounts one by one, and summed over the lines that print them (several rates). */
function taxFigures(amounts: RoleAmount[]): number[] {
  const taxes = amounts.filter((a) => a.role === 'tax' && a.value !== 0);
  const byLine = new Map<number, number>();
  for (const t of taxes) byLine.set(t.line, t.value);
  const distinct = [...new Set(taxes.map((t) => t.value))];
  const sum = [...byLine.values()].reduce((s, v) => s + v, 0);
  return [...distinct, sum];
}

/** Whether `value` is a base amount printed on the page plus its tax. */
function sumOfNetAndTax(value: number, amounts: RoleAmount[], taxes: number[]): boolean {
  const bases = amounts.filter(
    (a) => ['net', 'total', 'gross'].includes(a.role) && Math.abs(a.value) < Math.abs(value),
  );
  return bases.some((b) => taxes.some((t) => near(b.value + t, value)));
}

function last<T extends { line: number }>(list: T[]): T | undefined {
  return list.reduce<T | undefined>((best, a) => (!best || a.line >= best.line ? a : best), undefined);
}

function distinctValues(list: RoleAmount[]): number[] {
  const out: number[] = [];
  for (const a of list) if (!out.some((v) => near(v, a.value))) out.push(a.value);
  return out;
}

/**
 * `itemsSum`: what the item lines above the totals add up to (amounts.ts itemLinesSum), when
 * the page has them; a total equal to it, or to it plus a tax, is confirmed by it.
 */
export function chooseTotal(amounts: RoleAmount[], itemsSum: number | null = null): TotalChoice | null {
  const choice = billTotal(amounts, itemsSum);
  return choice ? withTip(choice, amounts) : null;
}

/**
 * A tip printed after the bill's total, then a line that is the total and the tip ("Total TTC
 * 44,90 · Pourboire 3,00 · Montant réglé 47,90"): what was charged is that sum, and the
 * arithmetic confirms it.
 */
function withTip(choice: TotalChoice, amounts: RoleAmount[]): TotalChoice {
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
  if (!sum) return choice;
  // The sum adds up; a doubt about the bill's total (rivals) stays a doubt.
  return { amount: sum, confidence: choice.confidence >= 0.85 ? 0.9 : choice.confidence, why: 'total and tip' };
}

function billTotal(amounts: RoleAmount[], itemsSum: number | null): TotalChoice | null {
  if (amounts.length === 0) return null;
  const taxes = taxFigures(amounts);
  const addsUp = (a: RoleAmount) =>
    itemsSum !== null && (near(a.value, itemsSum) || taxes.some((t) => near(itemsSum + t, a.value)));
  const confirmed = (a: RoleAmount) => sumOfNetAndTax(a.value, amounts, taxes) || addsUp(a);
  const grossish = amounts.filter((a) => (a.role === 'gross' || a.role === 'total') && a.value !== 0);
  const confirmedGross = grossish.filter(confirmed);
  const paid = amounts.filter((a) => a.role === 'paid' && a.value !== 0).map((a) => a.value);

  // 1. The payable line. Zero only when the page shows it paid (gross - paid = 0); a zero
  // "amount due" on a receipt otherwise says nothing about what was paid.
  const paidOff = (p: RoleAmount) => p.value === 0 && grossish.some((g) => paid.some((v) => near(g.value - v, 0)));
  const payables = amounts.filter((a) => a.role === 'payable' && (a.value !== 0 || paidOff(a)));
  if (payables.length > 0) {
    // Explained: the gross that net + tax confirm, less what was paid.
    const explained = (p: RoleAmount) =>
      confirmed(p) ||
      confirmedGross.some((g) => near(g.value, p.value) || paid.some((v) => near(g.value - v, p.value))) ||
      (confirmedGross.length === 0 &&
        grossish.some((g) => near(g.value, p.value) || paid.some((v) => near(g.value - v, p.value))));
    const good = payables.filter(explained);
    const pick = last(good) ?? last(payables)!;
    const rivals = distinctValues(payables).length > 1;
    // A confirmed gross that is not what is asked, with nothing paid to explain it, is a doubt.
    const contradicted = !explained(pick) && confirmedGross.length > 0;
    // Two payable amounts and nothing to tell them apart: each is a guess.
    const confidence =
      rivals && good.length === 0
        ? 0.5
        : contradicted || (rivals && good.length !== 1)
          ? 0.7
          : explained(pick)
            ? 0.95
            : 0.9;
    return { amount: pick, confidence, why: explained(pick) ? 'payable, confirmed by the totals' : 'payable' };
  }

  // 2. A gross or total that net + tax confirm.
  if (confirmedGross.length > 0) {
    const pick = last(confirmedGross)!;
    const rivals = distinctValues(confirmedGross).length > 1;
    const why = sumOfNetAndTax(pick.value, amounts, taxes) ? 'net + tax = total' : 'the item lines add up to it';
    return { amount: pick, confidence: rivals ? 0.7 : 0.9, why };
  }

  // 3. A gross label, then a bare total: unconfirmed, so less sure, and unsure with rivals.
  // One value under such labels is what a clerk would take; two or more are a guess. A part of
  // it paid (a deposit taken off, one payer's share: "Pagato con AMERICAN EXPRESS 483,50" under
  // "TOTALE SOGGIORNO 683,50") is a rival of similar strength for what was paid.
  const partPaid = (pick: RoleAmount) =>
    paid.some((v) => v > 0 && pick.value > 0 && v < pick.value - CENT && !near(pick.value - v, 0));
  const gross = amounts.filter((a) => a.role === 'gross' && a.value !== 0);
  if (gross.length > 0) {
    const pick = last(gross)!;
    const confidence = distinctValues(gross).length > 1 ? 0.6 : partPaid(pick) ? 0.7 : 0.85;
    return { amount: pick, confidence, why: 'gross label' };
  }
  const totals = amounts.filter((a) => a.role === 'total' && a.value !== 0);
  if (totals.length > 0) {
    const values = distinctValues(totals);
    const largest = totals.reduce((best, a) => (Math.abs(a.value) > Math.abs(best.value) ? a : best));
    const confidence = values.length > 1 ? 0.6 : partPaid(largest) ? 0.7 : 0.85;
    return { amount: largest, confidence, why: 'total label' };
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
  return null;
}

// The `printed` extractor: reads a field from the printed text of the documents as a clerk
// would, by layout and by role rather than by the nearest label (docs/extraction.md). Each
// field has its reader; each reader weighs the candidates the page offers and gives one
// value with a confidence that says how well they agree.
import { headerValues } from '../parse.ts';
import type { Document, MessageView } from '../types.ts';
import {
  amountIn,
  amountsInColumns,
  amountsInProse,
  amountsInSlipGrid,
  amountsOnLine,
  amountsUnderBoxLabels,
  amountsUnderWrappedLabels,
  amountsUnderHeaders,
  itemLinesSum,
  type PrintedAmount,
  paidUnderItsLabel,
  type RoleAmount,
} from './amounts.ts';
import { type Cell, type Line, linesOf } from './layout.ts';
import { documentCurrency } from './currency.ts';
import { dueDate, issueDate, type PageContext } from './dates.ts';
import { documentNumber } from './numbers.ts';
import { orderNumber } from './orders.ts';
import { vendorEmail, vendorName } from './parties.ts';
import { paymentMethod } from './payment.ts';
import { INCLUDING, OF_WHICH, REFUNDED, REMINDER_TITLE } from './lexicon.ts';
import { chooseTotal, type PrintedValue, receiptAmounts, type TotalChoice, withConventionDoubt } from './totals.ts';
import { firstPhrase, hasPhrase, wordsOf } from './words.ts';

export const PRINTED_FIELDS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'total_amount',
  'currency',
  'seller_name',
  'seller_email',
  'receipt_number',
  'receipt_date',
  'receipt_total',
  'payment_method',
  'po_number',
] as const;
export type PrintedField = (typeof PRINTED_FIELDS)[number];

export interface PrintedCandidate {
  raw: string;
  /** The value in the form the field type reads, when it differs from the raw text. */
  parse?: string;
  confidence: number;
  document_index: number;
  offset: number;
  why: string;
  /** The page says it has no such value (an order confirmation's invoice number): the field stays empty. */
  absent?: boolean;
}

export interface ReadableDocument {
  doc: Document;
  text: string;
}

/** The amount a cell ends with: the whole cell, or what follows one of its last three spaces. */
function trailingAmount(cell: Cell): PrintedAmount | null {
  const whole = amountIn(cell.text, cell.offset);
  if (whole) return whole;
  let space = cell.text.length;
  for (let tries = 0; tries < 3; tries++) {
    space = cell.text.lastIndexOf(' ', space - 1);
    if (space < 0) return null;
    const found = amountIn(cell.text.slice(space + 1), cell.offset + space + 1);
    if (found) return found;
  }
  return null;
}

function totalAmount(documents: ReadableDocument[], kind: 'invoice' | 'receipt' = 'invoice'): PrintedCandidate[] {
  for (const { doc, text } of documents) {
    const lines = linesOf(doc, text);
    let amounts: RoleAmount[] = [
      ...lines.flatMap(amountsOnLine),
      ...amountsUnderWrappedLabels(lines),
      ...amountsUnderBoxLabels(lines),
      ...amountsInColumns(lines),
      ...amountsUnderHeaders(lines),
      ...amountsInSlipGrid(lines),
      ...lines.flatMap(amountsInProse),
    ];
    if (!amounts.some((a) => ['total', 'gross', 'payable', 'paid'].includes(a.role)))
      amounts.push(...paidUnderItsLabel(lines));
    if (kind === 'receipt') amounts = receiptAmounts(amounts);
    // Every amount the page prints, once each, for the arithmetic's checks: labelled, alone in
    // its cell, or at the end of a cell after words the reader does not know as a label.
    const printed = new Map<number, PrintedValue>(amounts.map((a) => [a.offset, { value: a.value, line: a.line }]));
    for (const line of lines)
      for (const cell of line.cells) {
        const found = /\d/.test(cell.text) ? trailingAmount(cell) : null;
        if (found) printed.set(found.offset, { value: found.value, line: line.index, printed: found });
      }
    const chosen =
      chooseTotal(amounts, itemLinesSum(lines, amounts), [...printed.values()]) ?? grossOfIncludedTax(lines, amounts);
    const choice = chosen && withConventionDoubt(chosen, amounts, kind, [...printed.values()]);
    if (choice) {
      // "$12.980" on a page that writes every amount whole with dots between thousands (Chile,
      // Argentina, Colombia) and no amount with cents: twelve thousand, not twelve.
      const whole =
        choice.amount.ambiguous && dotThousands(text) && /^\D*\d{1,3}(?:\.\d{3})+\D*$/.test(choice.amount.raw);
      // "Total refund $23.81": a refund's total is the money going back, printed without its sign.
      const refund = choice.amount.value > 0 && hasPhrase(wordsOf(choice.amount.label), REFUNDED);
      return [
        {
          raw: choice.amount.raw,
          ...(whole ? { parse: choice.amount.raw.replace(/\D/g, '') } : {}),
          ...(refund ? { parse: String(-choice.amount.value) } : {}),
          // "23,650円", "¥27,000": the sign settles what the digits alone leave open (yen and won
          // have no cents; yen and yuan group thousands with commas).
          ...(!whole &&
          !refund &&
          !choice.amount.ambiguous &&
          /[円원₩₫đ¥￥]|VN[DĐ]|Rp/.test(
            text.slice(Math.max(0, choice.amount.offset - 3), choice.amount.offset + choice.amount.raw.length + 4),
          )
            ? { parse: String(choice.amount.value) }
            : {}),
          confidence: whole
            ? Math.min(choice.confidence, 0.8)
            : choice.amount.ambiguous || choice.amount.row
              ? Math.min(choice.confidence, 0.6)
              : choice.confidence,
          document_index: doc.index,
          offset: choice.amount.offset,
          why: choice.why,
        },
      ];
    }
  }
  return [];
}

/**
 * Whether a page writes its amounts whole with dots between thousands ("$12.980", "$ 1.254.300")
 * and prints no amount with cents ("12,50", "12.50") anywhere: then "12.980" is twelve thousand.
 */
function dotThousands(text: string): boolean {
  const page = text.length > 200_000 ? text.slice(0, 200_000) : text;
  return /\$ ?\d{1,3}(?:\.\d{3})+(?![\d.,])/.test(page) && !/\d[.,]\d{2}(?![\d.,])/.test(page);
}

/**
 * A page with no total's word, where a tax line says what the line above it includes
 * ("Parkentgelt 8,50 EUR" over "darin 19% MwSt 1,36 EUR"): the amount above is the gross, when
 * the tax is that rate of it (8,50 × 19/119 = 1,36). The arithmetic vouches, the label does not.
 */
function grossOfIncludedTax(lines: Line[], amounts: RoleAmount[]): TotalChoice | null {
  for (const tax of amounts) {
    if (tax.role !== 'tax') continue;
    const words = wordsOf(tax.label);
    const rate = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(lines[tax.line]!.text);
    if (!rate || !(hasPhrase(words, INCLUDING) || hasPhrase(words, OF_WHICH))) continue;
    const above = lines
      .slice(0, tax.line)
      .reverse()
      .find((l) => l.cells.length > 0);
    const last = above?.cells.at(-1);
    const gross = last ? trailingAmount(last) : null;
    const r = Number(rate[1]!.replace(',', '.'));
    if (!above || !gross || gross.value <= tax.value) continue;
    if (Math.abs((gross.value * r) / (100 + r) - tax.value) > 0.011) continue;
    return {
      amount: { ...gross, role: 'gross', line: above.index, label: '' },
      confidence: 0.8,
      why: 'the amount its tax is part of',
    };
  }
  return null;
}

const DAY = 86_400_000;

/**
 * A receipt is not issued after the mail that carries it: a date more than a day after the
 * mail's Date (a trip's or an event's day, a date misread) is at most 0.5. A forwarded mail is
 * later than its receipt, never earlier, so forwarding does not trip this.
 */
function notAfterTheMail(found: PrintedCandidate[], view: MessageView): PrintedCandidate[] {
  const sent = Date.parse(headerValues(view.headers, 'date')[0] ?? '');
  if (Number.isNaN(sent)) return found;
  return found.map((c) => {
    const day = Date.parse(`${c.parse ?? c.raw}T00:00:00Z`);
    return !Number.isNaN(day) && day - sent > DAY ? { ...c, confidence: Math.min(c.confidence, 0.5) } : c;
  });
}

/** Whether a short text names a payment reminder ("2. Mahnung", "Relance : facture …", "Reminder: invoice … is overdue"). */
function namesReminder(text: string): boolean {
  const words = wordsOf(text);
  return words.length > 0 && words.length <= 12 && firstPhrase(words, REMINDER_TITLE) !== null;
}

const contexts = new WeakMap<MessageView, PageContext>();

/** The calendar day a Date header names where it was written ("… 23:40:00 -0500" is that day, not UTC's next). */
function senderDay(header: string): number | null {
  const instant = Date.parse(header);
  if (Number.isNaN(instant)) return null;
  // The zone is the last "+hhmm" token, before a comment such as "(CET)".
  const zone = header
    .trim()
    .split(/\s+/)
    .findLast((t) => /^[+-]\d{4}$/.test(t));
  const minutes = zone ? Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3)) : 0;
  const offset = (zone?.startsWith('-') ? -minutes : minutes) * 60_000;
  return Math.floor((instant + offset) / DAY);
}

/** The mail's date, and whether its subject or a title line of the page says it is a payment reminder. */
function pageContext(documents: ReadableDocument[], view: MessageView): PageContext {
  let context = contexts.get(view);
  if (context) return context;
  const reminder =
    namesReminder(view.subject) ||
    documents.some(({ doc, text }) =>
      linesOf(doc, text)
        .filter((l) => l.cells.length > 0)
        .slice(0, 8)
        .some((l) => l.cells.some((c) => namesReminder(c.text))),
    );
  context = { sentDay: senderDay(headerValues(view.headers, 'date')[0] ?? ''), reminder };
  contexts.set(view, context);
  return context;
}

/** Candidates for `field` from the documents (attachments first, as text extractors read them). */
export function printedCandidates(
  field: PrintedField,
  documents: ReadableDocument[],
  view: MessageView,
): PrintedCandidate[] {
  switch (field) {
    case 'invoice_number':
      return documentNumber(documents);
    case 'invoice_date':
      return issueDate(documents, 'invoice', pageContext(documents, view));
    case 'due_date':
      return dueDate(documents, pageContext(documents, view));
    case 'total_amount':
      return totalAmount(documents);
    case 'receipt_total':
      return totalAmount(documents, 'receipt');
    case 'currency':
      return documentCurrency(documents);
    case 'seller_name':
      return vendorName(documents, view);
    case 'seller_email':
      return vendorEmail(documents, view);
    case 'receipt_number':
      return documentNumber(documents, 'receipt');
    case 'receipt_date':
      return notAfterTheMail(issueDate(documents, 'receipt', pageContext(documents, view)), view);
    case 'payment_method':
      return paymentMethod(documents);
    case 'po_number':
      return orderNumber(documents);
  }
}

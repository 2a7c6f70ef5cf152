// A font pdf.js read through the wrong code table (Mac Roman for Windows-1252 codes) is read
// again; text that is merely unusual is left as it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import {
  encodingMarks,
  glyphIndicesAsAscii,
  macRomanAsWindows,
  repairFontEncodings,
} from '../../pipeline/pdf-font-encoding.ts';
import { readPdf } from '../../pipeline/pdf-text.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml } from '../helpers/mail.ts';

const REDISTILLED = readFileSync(join(import.meta.dirname, '../fixtures/pdf/gs-redistilled-facture.pdf'));
const PS_PRINTED = readFileSync(join(import.meta.dirname, '../fixtures/pdf/ps-printed-facture.pdf'));

async function invoiceFields(pdf: Uint8Array) {
  const eml = buildEml({
    from: 'Atelier Lumiere <factures@atelier-lumiere.example>',
    subject: 'Votre facture',
    text: 'Veuillez trouver ci-joint votre facture.',
    attachments: [{ filename: 'facture.pdf', contentType: 'application/pdf', content: pdf }],
  });
  const analyzed = await analyzeMessage(eml);
  if (!analyzed.ok) throw new Error('refused');
  return runSchema(compileSchema(STARTERS.invoice!), analyzed.message.view).fields;
}

describe('font encoding repair', () => {
  it('reads Mac Roman mojibake as the Windows-1252 text it was', () => {
    expect(macRomanAsWindows('RÈfÈrence N∞ 12 : 1 254,00 Ä, F‰llig')).toBe('Référence N° 12 : 1 254,00 €, Fällig');
    expect(encodingMarks('RÈfÈrence N∞')).toBe(2);
    expect(encodingMarks('Référence N°')).toBe(0);
  });

  it('repairs every string of a font whose text shows the marks, and only that font', () => {
    const items = [
      { str: "Date d'ÈchÈance", fontName: 'f1' },
      { str: 'Total TTC : 1 254,00 Ä', fontName: 'f1' },
      { str: 'Äpfel und Birnen', fontName: 'f2' },
    ];
    expect(repairFontEncodings(items).map((i) => i.str)).toEqual([
      "Date d'échéance",
      'Total TTC : 1 254,00 €',
      'Äpfel und Birnen',
    ]);
  });

  it('leaves text alone that is unusual but right', () => {
    const items = [
      // A sign from mathematics beside real accents: re-read, "é" would become "Ž".
      { str: 'Tarif réduit pour ≥ 100 kWh', fontName: 'a' },
      // A capital with an accent starting an Italian sentence is no mark.
      { str: 'È stata emessa la fattura', fontName: 'b' },
      // Characters Mac Roman has no byte for: never re-read.
      { str: 'Łódź ∞ 請求書', fontName: 'c' },
    ];
    expect(repairFontEncodings(items)).toBe(items);
  });

  it('a ghostscript-redistilled invoice reads as printed, and its fields are found', async () => {
    const { text } = await readPdf(REDISTILLED);
    expect(text).toContain('Facture N° FA-2026-0412 du 05/03/2026');
    expect(text).toContain("Date d'échéance : 04/04/2026");
    expect(text).toContain('Total TTC : 1 254,00 €');
    const fields = await invoiceFields(REDISTILLED);
    expect(fields.invoice_number!.value).toBe('FA-2026-0412');
    expect(fields.invoice_date!.value).toBe('2026-03-05');
    expect(fields.due_date!.value).toBe('2026-04-04');
    expect(fields.total_amount!.value).toBe(1254);
    expect(fields.currency!.value).toBe('EUR');
  });
});

describe('fonts coded by glyph index', () => {
  it('shifts printable ASCII back from its standard glyph index and marks what has no rule', () => {
    expect(glyphIndicesAsAscii(')DFWXUH\u0003\u0014\u0015\u0011\u0013\u0013\u0003\u00c3')).toBe('Facture 12.00 \uFFFD');
  });

  it('reads a page printed through PostScript, with an unknown letter shown and its value held', async () => {
    const { text } = await readPdf(PS_PRINTED);
    expect(text).toContain('Facture N\uFFFD FA-2026-0412 du 05/03/2026');
    expect(text).toMatch(/Total TTC\s+1 254,00 EUR/);
    const fields = await invoiceFields(PS_PRINTED);
    expect(fields.invoice_date!.value).toBe('2026-03-05');
    expect(fields.total_amount!.value).toBe(1254);
    expect(fields.currency!.value).toBe('EUR');
    // "N\uFFFD" and "d'\uFFFDch\uFFFDance" are no longer labels: nothing is guessed for them.
    expect(fields.invoice_number!.value).toBeNull();
    expect(fields.due_date!.value).toBeNull();
    // "Atelier Lumi\uFFFDre SARL": the name is misspelt where a letter could not be read, so it is not trusted.
    expect(fields.vendor_name!.value).toContain('\uFFFD');
    expect(fields.vendor_name!.confidence).toBeLessThanOrEqual(0.5);
  });

  it('leaves out a font whose codes follow no rule, so no value is made of noise', () => {
    // Codes numbered in order of first use: shifted, they are punctuation and digits, not words.
    const noise = {
      str: '&\u0005\u0006\u0005\b \u0005\u0001\u000f\u0011% \u0005\u00012\u0005\u0006\u001a',
      fontName: 'f9',
    };
    const plain = { str: 'Rechnung 2026-17', fontName: 'f1' };
    expect(repairFontEncodings([noise, plain]).map((i) => i.str)).toEqual(['', 'Rechnung 2026-17']);
  });
});

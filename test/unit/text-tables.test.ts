// Text-only mail laid out as tables: box-drawing tables (as text browsers and older systems
// print HTML), labels with aligned colons, and two columns set side by side in plain text.
import { describe, expect, it } from 'vitest';
import { analyzeMessage, runSchema, type SchemaRun } from '../../pipeline/index.ts';
import { cellsOf } from '../../pipeline/printed/layout.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml } from '../helpers/mail.ts';

async function read(text: string): Promise<SchemaRun> {
  const analyzed = await analyzeMessage(
    buildEml({ from: 'Faktury <faktury@dabrowa-serwis.example>', subject: 'Faktura', text }),
  );
  if (!analyzed.ok) throw new Error('refused');
  return runSchema(compileSchema(STARTERS.invoice), analyzed.message.view);
}

describe('box-drawing tables', () => {
  it('a stroke ends a cell with or without spaces; rules and corners are blank', () => {
    expect(cellsOf('│ Numer faktury     │ FA/2026/03/117 │', 0).map((c) => c.text)).toEqual([
      'Numer faktury',
      'FA/2026/03/117',
    ]);
    expect(cellsOf('│Nummer│GE-4471│', 0).map((c) => c.text)).toEqual(['Nummer', 'GE-4471']);
    expect(cellsOf('├───────────────────┼────────────────┤', 0)).toEqual([]);
  });

  it('reads label and value cells of a box table without its strokes', async () => {
    const r = await read(
      [
        'Dzień dobry, przesyłamy fakturę.',
        '',
        'Faktura VAT',
        '┌───────────────────┬────────────────┐',
        '│ Numer faktury     │ FA/2026/03/117 │',
        '├───────────────────┼────────────────┤',
        '│ Data wystawienia  │ 12.03.2026     │',
        '├───────────────────┼────────────────┤',
        '│ Termin płatności  │ 26.03.2026     │',
        '├───────────────────┼────────────────┤',
        '│ Do zapłaty        │ 1 845,00 PLN   │',
        '└───────────────────┴────────────────┘',
      ].join('\n'),
    );
    expect(r.fields.invoice_number!.value).toBe('FA/2026/03/117');
    expect(r.fields.invoice_number!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(r.fields.invoice_date!.value).toBe('2026-03-12');
    expect(r.fields.due_date!.value).toBe('2026-03-26');
    expect(r.fields.total_amount!.value).toBe(1845);
    expect(r.fields.currency!.value).toBe('PLN');
  });

  it('a seller block with aligned colons: the label line is not the name, the line after it is', async () => {
    const r = await read(
      [
        '┌──────────────────────────────────────────────┐',
        '│Rechnung Nr. 2026-0412 vom 09.03.2026         │',
        '├──────────────────────────────────────────────┤',
        '│Verkäufer:                                    │',
        '│Nummer        : LF-20931                      │',
        '│Kessler Messtechnik                           │',
        '│Am Kanal 4                                    │',
        '│79098 Freiburg                                │',
        '├──────────────────────────────────────────────┤',
        '│Käufer:                                       │',
        '│Nummer        : KD-118                        │',
        '│Bäckerei Lind                                 │',
        '└──────────────────────────────────────────────┘',
      ].join('\n'),
    );
    expect(r.fields.vendor_name!.value).toBe('Kessler Messtechnik');
  });
});

describe('two columns set side by side in plain text', () => {
  it('a value after a wide gap that stands under another label of its column is not sure', async () => {
    const r = await read(
      [
        'Ya tienes tu factura de marzo',
        '',
        '                                            Nº de factura',
        'Importe                                     ON26-0306-558271',
        '64,13 €                                     Fecha de factura',
        'Fecha de cargo                              6 de marzo de 2026',
        '16 de marzo de 2026                         Nº de cliente',
      ].join('\n'),
    );
    // "6 de marzo" is the invoice date's (above it); read as the due date beside "Fecha de
    // cargo" it has that rival, so it is held (it was 0.9 before).
    expect(r.fields.due_date!.value).toBe('2026-03-06');
    expect(r.fields.due_date!.confidence).toBeLessThanOrEqual(0.6);
    expect(r.fields.invoice_date!.value).toBe('2026-03-06');
  });
});

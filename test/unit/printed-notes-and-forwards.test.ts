// The printed-page reader on forms seen in the fresh-html4 dev half (issue 24): an amount
// followed by a note (the sum in words in parentheses, "without VAT" after a comma), a forward
// whose header block names the buyer in its To line, and a title in a header row's last cell
// with its number after a bare marker on the next line. Each case is written small, with
// invented names and values.
import { describe, expect, it } from 'vitest';
import { runStarter } from '../helpers/starter.ts';

const total = async (text: string) => (await runStarter('invoice', { subject: 'Invoice', text })).fields.total_amount!;

describe('an amount followed by a note', () => {
  it.each([
    [
      'Рахунок № 31 від 04.05.2026\n\nДо сплати: 1 250,00 грн (одна тисяча двісті п’ятдесят гривень 00 копійок)\n',
      1250,
    ],
    ['Рахунок № 31 від 04.05.2026\n\nДо сплати: 1 250,00 грн (одна тисяча двісті п’ятдесят гривень), без ПДВ\n', 1250],
    ['Рахунок № 31 від 04.05.2026\n\nСума до сплати: 640,00 грн, без ПДВ\n', 640],
    ['Factura nr. BV-88 din 04.05.2026\n\nTotal de plată: 84,20 lei (optzeci și patru lei și douăzeci bani)\n', 84.2],
  ])('reads the amount before the note: %s', async (text, value) => {
    const read = await total(text);
    expect(read.value).toBe(value);
    expect(read.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves an amount whose note carries a figure of its own to the other rules', async () => {
    // "(of which 12 months prepaid)": the note has a figure, so this form says nothing.
    const read = await total('Рахунок № 31 від 04.05.2026\n\nДо сплати: 1 250,00 грн (з них 12 місяців), 2 платежі\n');
    expect(read.value).not.toBe(1250);
  });
  it('takes no bare figure before a name in parentheses for an amount ("RIB … 42 (Firm)")', async () => {
    const read = await total(
      'Facture N° 77 du 04/05/2026\n\nTotal TTC : 1 440,00 DH\n\nRèglement par virement : RIB 022 810 0000051993820027 37 (Atelier Nour SARL)\n',
    );
    expect(read.value).toBe(1440);
    expect(read.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('a forward whose header block names the buyer', () => {
  it("takes the forwarded From's address as the vendor's, never the forwarded To's", async () => {
    const run = await runStarter('invoice', {
      from: 'Iryna Bondar <iryna@bakery-buyer.example>',
      subject: 'Fwd: Рахунок № 9',
      text: [
        'Передаю рахунок.',
        '',
        '---------- Forwarded message ---------',
        'Від: Taras Hnatiuk <taras.hnatiuk@repairs-mail.example>',
        'Date: пн, 4 трав. 2026 р. о 09:10',
        'Subject: Рахунок № 9',
        'To: Iryna Bondar <iryna@bakery-buyer.example>',
        '',
        'РАХУНОК № 9 від 04.05.2026',
        'До сплати: 2 300,00 грн',
      ].join('\n'),
    });
    expect(run.fields.vendor_email?.value).toBe('taras.hnatiuk@repairs-mail.example');
  });
});

describe("a title in a header row's last cell", () => {
  const run = (second: string) =>
    runStarter('invoice', {
      subject: 'Factura',
      html: `<table><tr><td>NIF B12345678</td><td>FACTURA</td></tr></table><p>${second}</p><p>Total a pagar: 121,00 €</p>`,
    });

  it('takes the number after a bare marker on the next line', async () => {
    expect((await run('Núm.: T26-0088')).fields.invoice_number?.value).toBe('T26-0088');
  });

  it('takes no unmarked code from the next line', async () => {
    const read = (await run('T26-0088')).fields.invoice_number;
    expect(read?.confidence ?? 0).toBeLessThan(0.8);
  });
});

// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts13:
// receipts from platforms and middlemen, where the sender of the mail is often not the merchant):
// the platform that says it does not sell, the property a booking names, the customer's block a
// greeting names, a seller named in running text. Each case is written small, with invented names
// and values.
import { describe, expect, it } from 'vitest';
import { confidence, readReceiptText, runStarter, value } from '../helpers/starter.ts';

describe('who sold, on a platform’s page', () => {
  it('a booking platform that says, in the sentence after its footer name, it does not charge: the starred property', async () => {
    const r = await runStarter('receipt', {
      subject: 'Booking confirmed',
      from: 'Staybird <hello@staybird.example>',
      html: [
        '<p>staybird</p><p>Your booking is confirmed</p>',
        '<p>Pension Zur Linde ★★★</p><p>Lindenweg 4, 6020 Innsbruck</p>',
        '<p>Confirmation number: 8812.440.17</p><p>Total price EUR 212.00</p>',
        '<p>Staybird B.V. · Kade 12, Rotterdam. Staybird does not charge you for this booking.</p>',
      ].join(''),
    });
    expect(value(r, 'merchant')).toBe('Pension Zur Linde');
    expect(confidence(r, 'merchant')).toBeLessThan(0.8);
  });

  it('a French platform acting as intermediary: the company that runs the hotel, its form first after "exploité par"', async () => {
    const r = await runStarter('receipt', {
      subject: 'Réservation confirmée',
      from: 'Nuitella <resa@nuitella.example>',
      html: [
        '<p>Nuitella</p><p>Hôtel du Vieux Pont</p>',
        '<p>Établissement exploité par SARL Vieux Pont Hôtellerie – SIRET 123 456 789 00011</p>',
        '<p>Acompte payé 80,00 €</p>',
        '<p>Nuitella SAS agit en qualité d’intermédiaire ; elle ne perçoit pas le prix du séjour.</p>',
      ].join(''),
    });
    expect(value(r, 'merchant')).toBe('SARL Vieux Pont Hôtellerie');
  });

  it('an app store’s seller in running text ("Venduto da … S.à r.l."), not the developer', async () => {
    const r = await runStarter('receipt', {
      subject: 'La tua ricevuta',
      from: 'Prisma Store <ricevute@prismastore.example>',
      text: [
        'PRISMA STORE',
        'Ricevuta',
        'DOCUMENTO N. ...... 5550192',
        'Sviluppatore: Nordlicht Apps Oy',
        'TOTALE ADDEBITATO ....... 2,99 €',
        '',
        'Venduto da Prisma Media Distribution S.à r.l., 3 rue Haute, L-1718 Lussemburgo',
      ].join('\n'),
    });
    expect(value(r, 'merchant')).toBe('Prisma Media Distribution S.à r.l.');
  });
});

describe('a marketplace’s seller', () => {
  it('the seller a "Sold by" label names, not the platform’s operator in the small print', async () => {
    const r = await runStarter('invoice', {
      subject: 'Your invoice',
      from: 'Quaymart <invoices@quaymart.example>',
      html: [
        '<p>quaymart</p><p>Invoice number: QM-0041</p>',
        '<table><tr><td>Sold by</td></tr><tr><td>Fenwick Tool Supplies Ltd</td></tr></table>',
        '<p>Amount payable £60.00</p>',
        '<p>This invoice is issued by the seller named above. Quaymart is operated by Quaymart Europe S.à r.l., 3 rue Neuve, L-1100 Luxembourg.</p>',
      ].join(''),
    });
    expect(value(r, 'vendor_name')).toBe('Fenwick Tool Supplies Ltd');
  });
});

describe('the customer’s block', () => {
  it('"Dear Sir or Madam" greets nobody: the block under it is still the issuer’s', async () => {
    const r = await runStarter('invoice', {
      subject: 'Invoice 77',
      from: 'Billing <billing@mail.example>',
      text: [
        'Dear Sir or Madam,',
        'Brisa Norte S.L.',
        'Calle Mayor 3, Madrid',
        'Invoice number: BN-77',
        'Total 90,00 €',
      ].join('\n'),
    });
    expect(value(r, 'vendor_name')).toBe('Brisa Norte S.L.');
  });

  it('the company under the person a greeting addresses is the customer’s; the footer’s registered name sells', async () => {
    const r = await runStarter('receipt', {
      subject: 'Your dues receipt',
      from: 'Guild of Lens Makers <dues@lensguild.example>',
      text: [
        'Dear Ms. Varga,',
        '',
        'Guild of Lens Makers                  Dues Receipt',
        '                                      Ms. Ilona Varga',
        '                                      Varga Lens Optics LLC',
        '                                      12 Elm St, Dayton, OH 45402',
        'RECEIPT NO. GLM-7731',
        'Annual dues                            $180.00',
        'Total                                  $180.00',
        '',
        'Guild of Lens Makers · Tax ID 12-3456789 · dues@lensguild.example',
      ].join('\n'),
    });
    expect(value(r, 'merchant')).toBe('Guild of Lens Makers');
  });
});

describe('the receipt’s own number, as these senders label it', () => {
  const cases: [string, string, string][] = [
    ['N.º do recibo', 'Data: 02/02/2026\nN.º do recibo: LX-0451\nID da transação: tx_99a1\nTotal 12,00 €', 'LX-0451'],
    ['N° de quittance', 'N° DE QUITTANCE\nQ-2026-01-0042\nTotal CHF 55.00', 'Q-2026-01-0042'],
    [
      "Reçu d'acompte n°",
      'Numéro de réservation: RS-7710042\nReçu d’acompte n°: AC-2026-0077\nAcompte payé 40,00 €',
      'AC-2026-0077',
    ],
    [
      'Bestätigungs-Nr.',
      'Art der Zuwendung    Geldzuwendung\nBestätigungs-Nr.     ZW-2026-0311\nBetrag 50,00 €',
      'ZW-2026-0311',
    ],
    ['Parkschein-Nr.', 'Kennzeichen G-11223X\nParkschein-Nr. PK-G-55120031\nGesamt EUR 2,40', 'PK-G-55120031'],
    [
      'Voucher No.',
      'Gorge walk, half day              VOUCHER NO.\n                                  GW-4410-2290\nTotal paid €48.00',
      'GW-4410-2290',
    ],
  ];
  for (const [label, text, number] of cases)
    it(`"${label}"`, async () => {
      expect(value(await readReceiptText(text), 'receipt_number')).toBe(number);
    });
});

describe('what was paid', () => {
  it('a rail change’s fare difference paid ("Integrazione pagata"), not the new fare', async () => {
    const r = await readReceiptText(
      [
        'Prezzo biglietto originario ...... 18,50 EUR',
        'Prezzo nuovo biglietto ........... 25,00 EUR',
        'Penale di cambio ................. 0,00 EUR',
        'Integrazione pagata .............. 6,50 EUR',
        'Ricevuta n. RX-0042',
      ].join('\n'),
    );
    expect(value(r, 'total_amount')).toBe(6.5);
  });
});

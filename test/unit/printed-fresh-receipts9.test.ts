// The printed-page reader on receipt mails (issue 24, the dev half of layouts-fresh-receipts9:
// Canadian, UK, Irish and US-travel receipts as an expense inbox receives them): a receipt's
// heading is no means of payment, a price is no number, a Québec company's small "inc." and its
// "Société de …", an Irish DAC, a public charge's payee and reference, a till's "Trans", an order
// named in a sentence. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { confidence, readReceiptHtml as readHtml, readReceiptText as readText, value } from '../helpers/starter.ts';

describe('how it was paid', () => {
  it('"PAYMENT RECEIPT" is the heading, not a payment label and its value', async () => {
    const r = await readText(
      [
        'Harbourline Lounge',
        'PAYMENT RECEIPT',
        'Receipt no.   HL-20417',
        'Date          02/14/2026',
        'Day pass      $45.00',
        'Amount charged  $45.00',
        'Visa  $45.00',
      ].join('\n'),
    );
    expect(value(r, 'payment_method')).not.toBe('RECEIPT');
  });
});

describe("a receipt's number", () => {
  it('a price in the cell beside a booking word is no number', async () => {
    const r = await readHtml(
      '<p>Thanks for travelling with Westline.</p><table><tr><td>Day return</td><td>€22.50</td></tr>' +
        '<tr><td>Seat reservation</td><td>€0.00</td></tr><tr><td>Amount paid</td><td>€22.50</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).not.toBe('€0.00');
  });

  it('a ticket number printed in groups of four under its label', async () => {
    const r = await readHtml(
      '<p>Ticket number<br>5120 3308 7741<br>Collection ref.<br>WL-22QX91<br>Booked<br>05/02/2026</p>' +
        '<table><tr><td>Day return</td><td>€19.00</td></tr><tr><td>Seat reservation</td><td>€0.00</td></tr>' +
        '<tr><td>Amount paid</td><td>€19.00</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).toBe('5120 3308 7741');
  });

  it('a public charge\'s "Payment reference"', async () => {
    const r = await readText(
      ['Charge paid', 'Payment reference: LEZ-4T7Q-0912', 'Amount paid: £12.50', 'Paid on: 2 March 2026'].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('LEZ-4T7Q-0912');
  });

  it('a web order\'s "Order reference"', async () => {
    const r = await readText(
      ['Your payment', 'Order reference: QX-R-7710242', 'Date of purchase: 3 March 2026', 'Total paid: £48.00'].join(
        '\n',
      ),
    );
    expect(value(r, 'receipt_number')).toBe('QX-R-7710242');
  });

  it('a UK till\'s bare "Trans 4410" beside its till and operator, weakly', async () => {
    const r = await readHtml(
      '<p>Corner Chemist</p><table><tr><td>Store 0311</td><td>Till 02</td></tr>' +
        '<tr><td>Trans 4410</td><td>Op 207</td></tr><tr><td>BALANCE DUE</td><td>6.40</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).toBe('4410');
    expect(confidence(r, 'receipt_number')).toBeLessThan(0.8);
    // Inside the receipt's long number it is no short form of it: the receipt's number stands.
    const long = await readHtml(
      '<p>Store #3301 · Reg 2 · Trans 5512</p><table><tr><td>Total</td><td>$9.40</td></tr></table>' +
        '<p>Receipt #: 3301-02-5512-0214</p>',
    );
    expect(value(long, 'receipt_number')).toBe('3301-02-5512-0214');
    expect(confidence(long, 'receipt_number')).toBeGreaterThanOrEqual(0.8);
  });

  it('an order a sentence names, where the page prints no other number', async () => {
    const r = await readHtml(
      '<p>Your order KT-5502187 is ready to collect from our Didcot store.</p>' +
        '<table><tr><td>Order total</td><td>£31.20</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).toBe('KT-5502187');
    expect(confidence(r, 'receipt_number')).toBeLessThan(0.8);
  });
});

describe('who sold', () => {
  it('a Québec company\'s small "inc." under its station\'s name', async () => {
    const r = await readText(
      ['Centre de ski Mont-Ferland', 'Les Pistes Ferland inc.', 'Reçu no R-1120', 'Total payé   84,00 $'].join('\n'),
    );
    expect(value(r, 'merchant')).toBe('Les Pistes Ferland inc.');
  });

  it('"Société de …" under a service\'s name', async () => {
    const r = await readText(
      [
        'TRAVERSIER DE L’ANSE',
        'Société de traversiers du Lac-Noir',
        'No de transaction : TA-0311',
        'MONTANT PAYÉ  12,00 $',
      ].join('\n'),
    );
    expect(value(r, 'merchant')).toBe('Société de traversiers du Lac-Noir');
  });

  it('an Irish designated activity company in the footer', async () => {
    const r = await readHtml(
      '<p>Shannonway | Booking confirmation</p><table><tr><td>Amount paid</td><td>€30.00</td></tr></table>' +
        '<p>Shannonway Transport Services DAC · Limerick</p>',
    );
    expect(value(r, 'merchant')).toBe('Shannonway Transport Services DAC');
  });

  it('a public charge\'s "Payment made to"', async () => {
    const r = await readText(
      ['Low Emission Zone payment received', 'Amount paid: £12.50', 'Payment made to: Fernbury Borough Council'].join(
        '\n',
      ),
    );
    expect(value(r, 'merchant')).toBe('Fernbury Borough Council');
  });
});

describe("a receipt's day", () => {
  it('a coach ticket\'s "Booked on" day', async () => {
    const r = await readHtml(
      '<p>Ticket number<br>MX7-2214<br>Booked on<br>9 March 2026</p>' +
        '<table><tr><td>Adult</td><td>£14.00</td></tr><tr><td>Total paid</td><td>£14.00</td></tr></table>',
    );
    expect(value(r, 'date')).toBe('2026-03-09');
  });

  it("a car park's exit day, not its entry's", async () => {
    const r = await readText(
      [
        'PARKING RECEIPT',
        'Receipt #   18-2207',
        'Entry   02/02/2026 06:40',
        'Exit    02/06/2026 21:05',
        'Total   $60.00',
        'VISA ****1180  $60.00',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-02-06');
  });

  it("a folio's dated postings are a column even where the first night posts twice", async () => {
    const r = await readText(
      [
        'INVOICE                                   Invoice No. 2026-117',
        '                                          Arrival     04/01/2026',
        '                                          Departure   04/03/2026',
        ' Date          Description                       Amount',
        ' 04/01/2026    Room                              180.00',
        ' 04/01/2026    Resort fee                         20.00',
        ' 04/02/2026    Room                              180.00',
        ' 04/03/2026    Payment - Visa                   -380.00',
        '                                 Total charges   $380.00',
      ].join('\n'),
    );
    expect(value(r, 'date')).toBe('2026-04-03');
  });
});

describe("a ride's number", () => {
  it('"Ride #" with its confirmation after it', async () => {
    const r = await readText(
      ['Canyon Shuttle', 'Ride #40917 (confirmation CS-2290)', 'Fare   $28.00', 'Total  $28.00'].join('\n'),
    );
    expect(value(r, 'receipt_number')).toBe('40917');
  });
});

describe("a traveller's other numbers", () => {
  it("an airline's EMD number over the booking's code", async () => {
    const r = await readHtml(
      '<p>Booking reference<br>KPL7QZ</p><p>EMD number<br>512 2209918340<br>Issued<br>4 Feb 2026</p>' +
        '<table><tr><td>Second checked bag</td><td>$45.00</td></tr><tr><td>Total CAD</td><td>$45.00</td></tr></table>',
    );
    expect(value(r, 'receipt_number')).toBe('512 2209918340');
    expect(confidence(r, 'receipt_number')).toBeLessThan(0.8);
  });
});

describe('the currency of a page that prints none', () => {
  it("a UK VAT number's country", async () => {
    const r = await readHtml(
      '<p>Corner Chemist</p><table><tr><td>BALANCE DUE</td><td>6.40</td></tr></table>' +
        '<p>VAT No. GB 318 2207 45 · VAT included</p>',
    );
    expect(value(r, 'currency')).toBe('GBP');
  });
});

// The printed-page reader on invoice mails of English-speaking senders (issue 24, the dev half
// of layouts-fresh-html: Kenya, Nigeria, New Zealand, Canada, Hong Kong, the Philippines, the
// US, the UK and Australia): any ISO code or a one-currency sign beside an amount, the words
// for what is owed, a "$" page's country, a key/value table whose customer rows do not swallow
// the invoice's own rows, a "Bill to" block that ends where the bill's amounts start, a forward
// quoted with "> ", a buyer labelled in its cell, statements' numbers. Each case is written
// small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { runStarter, rows, value } from '../helpers/starter.ts';

async function readHtml(html: string, from = 'Billing <billing@vendor.example>', subject = 'Your invoice') {
  return runStarter('invoice', { subject, from, html });
}

async function readText(text: string, from = 'Billing <billing@vendor.example>', subject = 'Your invoice') {
  return runStarter('invoice', { subject, from, text });
}

describe('currencies', () => {
  it('"KES 16,820.00": an ISO code before the amount is its currency, and the amount is read', async () => {
    const r = await readHtml(
      `<p>Savanna Fibre Limited</p>${rows([
        ['Invoice No:', 'SFL/INV/26/118'],
        ['Sub-total', 'KES 14,500.00'],
        ['VAT 16%', 'KES 2,320.00'],
        ['Total Payable', 'KES 16,820.00'],
      ])}`,
    );
    expect(value(r, 'total_amount')).toBe(16820);
    expect(value(r, 'currency')).toBe('KES');
  });

  it('"₦962,125.00": a sign only the naira uses', async () => {
    const r = await readHtml(`<p>Creekside Broadband Ltd</p>${rows([['Total Payable', '₦962,125.00']])}`);
    expect(value(r, 'currency')).toBe('NGN');
    expect(value(r, 'total_amount')).toBe(962125);
  });

  it('a "$" page with a New Zealand GST number and bank account is in New Zealand dollars, at 0.6', async () => {
    const r = await readHtml(
      `<p>Totara Bookkeeping Limited</p>${rows([
        ['Invoice', 'INV-2210'],
        ['Invoice total', '$1,150.00'],
      ])}<p>GST 118-402-771 · Direct credit 02-0418-0772104-00</p>`,
    );
    expect(value(r, 'currency')).toBe('NZD');
    expect(r.fields.currency!.confidence).toBe(0.6);
  });

  it('a "$" page with a Canadian postal code and GST/HST is in Canadian dollars', async () => {
    const r = await readText(
      'Invoice 4410\nMaple Row Design Ltd., 88 Queen St, Ottawa, ON K1P 5G4\nGST/HST 811 204 775\nTotal $565.00',
    );
    expect(value(r, 'currency')).toBe('CAD');
  });
});

describe('what is owed', () => {
  for (const label of ['Amount you owe us', 'Amount outstanding', 'Amount owing (CAD)', 'Subscription payable']) {
    it(`"${label}" under an invoice total and a payment is what is asked`, async () => {
      const r = await readHtml(
        `<p>Harbourline Services Ltd</p>${rows([
          ['Invoice number', 'HS-3390'],
          ['Invoice total', '$1,200.00'],
          ['Paid on account', '-$400.00'],
          [label, '$800.00'],
        ])}`,
      );
      expect(value(r, 'total_amount')).toBe(800);
    });
  }

  it('"Accounts payable" names a department, not an amount', async () => {
    const r = await readText('Invoice 7781\nTotal due $90.00\nAccounts payable 40.00');
    expect(value(r, 'total_amount')).toBe(90);
  });
});

describe('dates', () => {
  it('"Settle by" is a due date; "Date of this notice" an issue date', async () => {
    const r = await readHtml(
      `<p>Harbour Desk (HK) Limited</p>${rows([
        ['Invoice no.', 'HD-2604-11'],
        ['Date of this notice', '25 Mar 2026'],
        ['Settle by', '1 Apr 2026'],
        ['Balance to settle', 'HK$6,906.00'],
      ])}`,
    );
    expect(value(r, 'invoice_date')).toBe('2026-03-25');
    expect(value(r, 'due_date')).toBe('2026-04-01');
  });

  it('a visit\'s date in a sentence before "the balance is now due" is no deadline; "pay the balance by" is', async () => {
    const r = await readText(
      [
        'Thank you for attending on 13/03/2026. Your claim was processed on the day; the remaining balance is now due.',
        'Tax invoice INV 5512',
        'Invoice date: 13/03/2026',
        'Balance owing $51.40',
        'Please pay the balance by 27/03/2026.',
      ].join('\n'),
    );
    expect(value(r, 'due_date')).toBe('2026-03-27');
  });
});

describe('parties and numbers in key/value tables', () => {
  it('"Invoice Number" under "Customer | …" rows is the invoice\'s own number, not the customer\'s', async () => {
    const r = await readHtml(
      `<p>Dear Valued Customer,</p>${rows([
        ['Customer', 'Ogun Foods Processing Ltd'],
        ['Customer ID', 'CL-22841'],
        ['Invoice Number', 'CL-INV-004471'],
        ['Invoice Date', '3rd March 2026'],
      ])}${rows([['Total Payable', '₦62,125.00']])}
<p>Pay by transfer to Creekside Link Broadband Ltd, account number 1014882207, quoting the invoice number.</p>
<p>Creekside Link Broadband Limited (RC 1482207)</p>`,
    );
    expect(value(r, 'invoice_number')).toBe('CL-INV-004471');
  });

  it('a "Bill to" block ends where the bill\'s amounts start: the footer\'s legal entity is the vendor', async () => {
    const row = (a: string, b: string) => `<div style="display:flex"><span>${a}</span><span>${b}</span></div>`;
    const r = await readHtml(
      `<div>Inkwell</div><div>Invoice</div><div>IW-10448</div>
<div>Bill to</div><div>Riverside Media Group, Inc.<br>311 Flushing Ave<br>Brooklyn, NY 11205</div>
<div>${row('Team plan – annual renewal', '$5,760.00')}${row('Subtotal', '$5,760.00')}${row('Amount due', '$5,760.00')}</div>
<div>Inkwell Software Corp. · 85 Broad Street, New York, NY 10004</div>`,
      'Inkwell <billing@inkwell.example>',
    );
    expect(value(r, 'vendor_name')).toBe('Inkwell Software Corp.');
  });

  it('"Client: Kano Agro Mills Limited" is the buyer, not the issuer', async () => {
    const r = await readText(
      'FEE NOTE\nFee Note No.: FN/2026/087\nClient: Kano Agro Mills Limited\nTOTAL AMOUNT PAYABLE NGN 1,727,500.00',
      'Accounts <accounts@lawfirm.example>',
    );
    expect(value(r, 'vendor_name')).not.toBe('Kano Agro Mills Limited');
  });

  it('"SOA No." is a statement of account\'s own number', async () => {
    const r = await readHtml(
      `<p>RIZAL INSTITUTE OF DESIGN, INC.</p><p>STATEMENT OF ACCOUNT</p>${rows([
        ['SOA No.', 'SOA-2526-2-0411'],
        ['Student No.', '2023-04418'],
        ['Remaining Balance', '₱20,900.00'],
      ])}`,
    );
    expect(value(r, 'invoice_number')).toBe('SOA-2526-2-0411');
  });
});

describe('a forward quoted with "> "', () => {
  it('under a signature, "-----Original Message-----" and its header block, the quoted message is read', async () => {
    const r = await readText(
      [
        'Sir,',
        '',
        'Please see the fee note below. Kindly approve.',
        '',
        'Regards,',
        'Ada Obi',
        'Finance Manager',
        '-----Original Message-----',
        'From: Bello & Partners <accounts@bellolaw.example>',
        'Sent: Monday, March 9, 2026 11:02 AM',
        'To: Ada Obi <ada@agromills.example>',
        'Subject: Fee Note FN/2026/087',
        '',
        '> FEE NOTE',
        '> Fee Note No.: FN/2026/087',
        '> Date: 9th March 2026',
        '> TOTAL AMOUNT PAYABLE ........ NGN 1,727,500.00',
        '> Due date: 23rd March 2026',
        '>> an older quoted line: Total due NGN 5.00',
      ].join('\n'),
      'Ada Obi <ada@agromills.example>',
      'FW: Fee Note FN/2026/087',
    );
    expect(value(r, 'invoice_number')).toBe('FN/2026/087');
    expect(value(r, 'total_amount')).toBe(1727500);
    expect(value(r, 'due_date')).toBe('2026-03-23');
  });

  it("a reply's quoted history without a forward marker stays unread", async () => {
    const r = await readText(
      ['Thanks, paid today.', '', 'On Mon, 9 Mar 2026, Bello wrote:', '> Fee Note No.: FN/2026/087'].join('\n'),
    );
    expect(value(r, 'invoice_number')).toBeNull();
  });
});

// A flex row's children are boxes side by side (issue 24, invoicing apps' card layouts): a
// person sees "Serie y folio" and "B-9182" apart in a `display:flex` row, so the visible text
// reads them as two cells, as a table row's, and the printed-page reader finds each value
// beside its label. A column of boxes stacks; inline boxes (inline-block, inline flex) stay in
// their line, a space apart from their neighbours. Each case is
// written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from '../../pipeline/index.ts';
import { runStarter } from '../helpers/starter.ts';
import { buildEml } from '../helpers/mail.ts';

const FROM = 'Billing <billing@fieldgear.example>';

/** A card of label/value rows, styled by a class in the head's stylesheet or inline. */
const card = (rowStyle: string, rowClass = '') => `<html><head><style>
.row{display:flex;justify-content:space-between}.lbl{color:#777}</style></head><body>
<div style="font-size:20px">Fieldgear</div>
<div><div class="lbl">Amount due</div><div style="font-size:28px">$4,180.00</div>
<div class="${rowClass}" style="${rowStyle}"><span class="lbl">Invoice</span><span>FG-20931</span></div>
<div class="${rowClass}" style="${rowStyle}"><span class="lbl">Issued</span><span>March 4, 2026</span></div>
<div class="${rowClass}" style="${rowStyle}"><span class="lbl">Due</span><span>April 3, 2026</span></div></div>
<p>Fieldgear Supply Co. · 18 Depot Road, Dayton, OH 45402</p></body></html>`;

async function visibleText(html: string): Promise<string> {
  const analyzed = await analyzeMessage(buildEml({ subject: 'Your invoice', from: FROM, html }));
  if (!analyzed.ok) throw new Error('the test mail was refused');
  return analyzed.message.view.documents.map((d) => d.text).join('\n');
}

describe('a flex row reads as cells', () => {
  it('a class rule `display:flex` keeps "Invoice" and "FG-20931" apart, and every value beside its label is read', async () => {
    const html = card('', 'row');
    expect(await visibleText(html)).toContain('Invoice | FG-20931');
    const r = await runStarter('invoice', { subject: 'Your invoice', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('FG-20931');
    expect(r.fields.invoice_date!.value).toBe('2026-03-04');
    expect(r.fields.due_date!.value).toBe('2026-04-03');
    expect(r.fields.total_amount!.value).toBe(4180);
  });

  it('an inline `display:flex` row is the same', async () => {
    expect(await visibleText(card('display:flex'))).toContain('Issued | March 4, 2026');
  });

  it('`flex-direction: column` stacks the boxes: label above value, no cell separator', async () => {
    const text = await visibleText(card('display:flex;flex-direction:column'));
    expect(text).not.toContain('Invoice |');
    expect(text).toMatch(/Invoice\s*\n\s*FG-20931/);
  });

  it('`display:inline-flex` stays inside its line of text', async () => {
    const text = await visibleText(
      '<html><body><p>Pay by <span style="display:inline-flex"><b>April</b><b>3</b></span> please.</p></body></html>',
    );
    expect(text).not.toContain('|');
  });

  it('a flex item that is itself a flex row nests as a table in a table cell does', async () => {
    const text = await visibleText(`<html><body><div style="display:flex">
<div>Fieldgear Supply Co.<br>18 Depot Road</div>
<div style="display:flex"><span>Invoice</span><span>FG-20931</span></div></div></body></html>`);
    expect(text).toContain('Invoice | FG-20931');
  });

  it('inline-block boxes side by side never run their words together ("Invoice" in a fixed-width box, then "INV-1")', async () => {
    const box = (a: string, b: string) =>
      `<div><span style="display:inline-block;width:120px">${a}</span><span style="display:inline-block">${b}</span></div>`;
    const html = `<p>Fieldgear Supply Co.</p>${box('Invoice no.', 'FG-20931')}${box('Total due', '$4,180.00')}`;
    expect(await visibleText(html)).toContain('Invoice no. FG-20931');
    const r = await runStarter('invoice', { subject: 'Your invoice', from: FROM, html });
    expect(r.fields.invoice_number!.value).toBe('FG-20931');
    expect(r.fields.total_amount!.value).toBe(4180);
  });
});

// Searching without regard to case must give places in the text itself: "İ" lower-cases to two
// characters, so a place found in lower-cased text lands one character late after it.
import { describe, expect, it } from 'vitest';
import { caseless } from '../../pipeline/caseless.ts';
import { analyzeMessage, runSchema } from '../../pipeline/index.ts';
import { compileSchema } from '../../pipeline/schema.ts';
import { placesOf } from '../../pipeline/learn.ts';
import { STARTERS } from '../../pipeline/starters.ts';
import { buildEml } from '../helpers/mail.ts';
import { runStarter } from '../helpers/starter.ts';

describe('caseless', () => {
  it('maps a place after a lengthening character back into the text', () => {
    const text = 'İade receipt from Acme';
    const { lower, original } = caseless(text);
    expect(lower.length).toBe(text.length + 1);
    expect(text.slice(original(lower.indexOf(' from ')))).toBe(' from Acme');
    expect(original(lower.length)).toBe(text.length);
  });

  it('lowers the runs between such characters whole (a final sigma stays final)', () => {
    expect(caseless('ΟΔΟΣ İ ΟΔΟΣ').lower).toBe('ΟΔΟΣ İ ΟΔΟΣ'.toLowerCase());
  });

  it('keeps places as they are in text that lower-cases to the same length', () => {
    const { lower, original } = caseless('Straße ÄÖÜ from X');
    expect(original(lower.indexOf('from'))).toBe(11);
  });
});

describe('names and offsets after a dotted capital I', () => {
  it("an invoicing app's subject names its user after a Turkish word", async () => {
    const html =
      '<p>Fernhill Works</p><p>Dara Quill · 12 Mill Lane, Leeds</p>' +
      '<table><tr><td>Invoice#</td><td>FW-0020</td></tr><tr><td>Balance Due</td><td>£400.00</td></tr></table>';
    const r = await runStarter('invoice', {
      subject: 'İade faturası FW-0020 from Fernhill Works',
      from: 'Dara Quill via Billnest <notifications@billnest.example>',
      headers: { 'Reply-To': 'dara@fernhillworks.example' },
      html,
    });
    expect(r.fields.vendor_name!.value).toBe('Fernhill Works');
  });

  it("a forward's original From is found at its own place in the body", async () => {
    const html =
      '<p>İyi günler, lütfen işleyin.</p>' +
      '<p><b>Von:</b> Kanzlei Ostrander &amp; Pell &lt;buero@ostrander-pell.example&gt;<br>' +
      '<b>Gesendet:</b> Montag, 2. März 2026 09:12<br>' +
      '<b>An:</b> Mara Holt &lt;m.holt@tiefbau-ruhland.example&gt;<br>' +
      '<b>Betreff:</b> Rechnung 2026-0431</p>' +
      '<table><tr><td>Rechnung Nr.</td><td>2026-0431</td></tr><tr><td>Zu zahlen</td><td>312,40 EUR</td></tr></table>' +
      '<p>Ostrander &amp; Pell Steuerberatungsgesellschaft mbH · Lindenweg 4 · 80331 München</p>';
    const analyzed = await analyzeMessage(
      buildEml({
        subject: 'WG: Rechnung 2026-0431',
        from: 'Mara Holt <m.holt@tiefbau-ruhland.example>',
        to: 'Jonas Keil <buchhaltung@tiefbau-ruhland.example>',
        html,
      }),
    );
    if (!analyzed.ok) throw new Error('the test mail was refused');
    const email = runSchema(compileSchema(STARTERS.invoice), analyzed.message.view).fields.vendor_email!;
    expect(email.value).toBe('buero@ostrander-pell.example');
    const source = email.source as { document_index: number; start: number; end: number };
    const body = analyzed.message.view.documents[source.document_index]!;
    expect(body.text.slice(source.start, source.end)).toBe('buero@ostrander-pell.example');
  });

  it('learning finds a corrected value at its own place, after a dotted capital I', async () => {
    const analyzed = await analyzeMessage(
      buildEml({
        subject: 'Fatura',
        from: 'Muhasebe <muhasebe@firma.example>',
        text: 'İZMİR ŞUBESİ\nReferans: tr-ab-12\n',
      }),
    );
    if (!analyzed.ok) throw new Error('the test mail was refused');
    const places = placesOf(analyzed.message.view, { name: 'reference', type: 'string' }, 'TR-AB-12');
    expect(places.map((p) => p.text.slice(p.start, p.end))).toEqual(['tr-ab-12']);
  });
});

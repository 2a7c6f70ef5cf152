// The regexes rewritten for linear time (see test/contract/regex-safety.test.ts) find
// exactly what the quadratic originals found: compared on generated text, including the
// shapes that made the originals slow.
import { describe, expect, it } from 'vitest';
import { datesShown } from '../../pipeline/einvoice-mismatch.ts';
import {
  amountPrefix,
  blankDates,
  endsWithGap,
  trimPunctuation,
  lineValueEnds,
  valueEnd,
} from '../../pipeline/extract-labels-text.ts';
import { closing, headerLine, marker } from '../../pipeline/extract-reading.ts';
import { trimNewlines } from '../../pipeline/pdf-text.ts';
import { findEmail } from '../../pipeline/validate.ts';

const OLD_EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** Deterministic text over an alphabet that exercises the edge cases (seeded LCG). */
function samples(alphabet: string, count: number, maxLength: number): string[] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * maxLength);
    return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  });
}

describe('findEmail', () => {
  it("finds what /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}/ finds, at the same index", () => {
    const texts = [
      ...samples('ab1.@-_ %x<>', 20_000, 24),
      ...samples('a.@c', 5_000, 16),
      'Write to Jane.Doe+inv@mail.example.com today',
      'a@b@c.com',
      'x@y.c1.co',
      'x@y.comx1',
      '@a.com',
      'a@.com',
      'a@b..cd',
      "o'neil@ex-ample.org.",
      'a@b.c',
      '',
      'no address here',
    ];
    for (const text of texts) {
      const old = OLD_EMAIL.exec(text);
      const found = findEmail(text);
      expect(found, JSON.stringify(text)).toEqual(old ? { index: old.index, text: old[0] } : null);
    }
  });

  it('stays fast on the inputs that made the old regex quadratic', () => {
    // Not a timing assertion: these would take minutes with the old regex; here they return.
    expect(findEmail('.'.repeat(200_000))).toBeNull();
    expect(findEmail(`a@${'.'.repeat(200_000)}-`)).toBeNull();
    expect(findEmail(`${'%'.repeat(100_000)}${'--'.repeat(50_000)}%`)).toBeNull();
  });
});

// mailboxFromText (pipeline/mailbox-text.ts) no longer reads what the old regexes read: it
// takes only valid addresses, by hand in linear time; test/unit/forward.test.ts holds it.

/** Texts made of whole tokens: a letter of `samples` picks a token. */
function tokenTexts(tokens: string[], count: number, maxTokens: number): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz'.slice(0, tokens.length);
  return samples(letters, count, maxTokens).map((t) => [...t].map((c) => tokens[c.charCodeAt(0) - 97]).join(''));
}

describe('pipeline/extract-reading.ts: marker, headerLine and closing', () => {
  const OLD_MARKER =
    /^\s*(?:[-_=]{2,}\s*)?(?:forwarded message|original message|weitergeleitete nachricht|urspr[üu]ngliche nachricht|message transf[ée]r[ée]|message d'origine|mensaje reenviado|mensaje original|messaggio inoltrato|messaggio originale|doorgestuurd bericht|oorspronkelijk bericht|wiadomo[śs][ćc] przekazana|mensagem encaminhada|vidarebefordrat meddelande|videresendt meddelelse|begin forwarded message|anfang der weitergeleiteten nachricht)\s*:?\s*(?:[-_=]{2,})?\s*$/i;
  const OLD_CLOSING =
    /^\s*(?:best regards|kind regards|regards|best|thanks|thank you|cheers|sincerely|mit freundlichen gr[üu](?:ß|ss)en|freundliche gr[üu](?:ß|ss)e|viele gr[üu](?:ß|ss)e|beste gr[üu](?:ß|ss)e|gru(?:ß|ss)|cordialement|bien cordialement|salutations|atentamente|saludos|un saludo|cordiali saluti|distinti saluti|saluti|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|z powa[żz]aniem|pozdrawiam|atenciosamente|cumprimentos|med v[äa]nlig h[äa]lsning|v[äa]nliga h[äa]lsningar|med venlig hilsen|venlig hilsen)\s*[,.!]?\s*$/i;
  const OLD_HEADER_LINE =
    /^\s*[*>]?\s*\*?(?:from|von|de|da|van|od|från|fra|sent|gesendet|envoy[ée]|enviado|inviato|verzonden|wys[łl]ano|skickat|sendt|date|datum|fecha|data|dato|subject|betreff|objet|asunto|oggetto|onderwerp|temat|ämne|emne|assunto|to|an|à|para|a|aan|do|till|til|cc|kopie)\s*\*?\s*:/i;

  it('decides as the old patterns did, on real lines and generated ones', () => {
    const real = [
      '---------- Forwarded message ---------',
      '-----Original Message-----',
      'Begin forwarded message:',
      '  -------- Message transféré --------  ',
      'Anfang der weitergeleiteten Nachricht:',
      'Forwarded message follows',
      'From: Jane <jane@vendor.example>',
      '*From:* Jane',
      '> Von: Max',
      'Sent: Monday',
      '**Subject** : x',
      'Date:\t3 May',
      'Fromage: no',
      'To:',
      '\u00a0From :',
      'Subject * :',
      'subject** :',
      'Best regards,',
      '  Mit freundlichen Grüßen ',
      'Thanks!!',
      'Cheers , ',
      'best regards from x',
    ];
    const generated = tokenTexts(
      [
        ' ',
        '\t',
        '-',
        '=',
        '_',
        ':',
        '*',
        '>',
        'forwarded message',
        'From',
        'to',
        'x',
        '\u00a0',
        'Original Message',
        'Best',
        'regards',
        ',',
        '!',
        'GRUß',
      ],
      40_000,
      10,
    );
    for (const line of [...real, ...generated]) {
      expect(marker(line), JSON.stringify(line)).toBe(OLD_MARKER.test(line));
      expect(headerLine(line), JSON.stringify(line)).toBe(OLD_HEADER_LINE.test(line));
      expect(closing(line), JSON.stringify(line)).toBe(OLD_CLOSING.test(line));
    }
    expect(generated.filter((l) => OLD_CLOSING.test(l)).length).toBeGreaterThan(100);
    expect(generated.filter((l) => OLD_MARKER.test(l)).length).toBeGreaterThan(100);
    expect(generated.filter((l) => OLD_HEADER_LINE.test(l)).length).toBeGreaterThan(100);
  });

  it('stays fast on a long line of spaces', () => {
    expect(marker(`forwarded message${' '.repeat(100_000)}x`)).toBe(false);
    expect(headerLine(`${' '.repeat(100_000)}x`)).toBe(false);
    expect(headerLine(`from${' '.repeat(100_000)}x`)).toBe(false);
    expect(closing(`GRUß${' \t'.repeat(50_000)}Ż`)).toBe(false);
  });
});

describe('pipeline/pdf-text.ts: trimNewlines', () => {
  it('removes what /^\\n+|\\n+$/g removed', () => {
    for (const text of [...samples('\na \r', 5_000, 12), '', '\n', '\n\n\n', 'a\n\nb']) {
      expect(trimNewlines(text), JSON.stringify(text)).toBe(text.replace(/^\n+|\n+$/g, ''));
    }
    expect(trimNewlines(`${'\n'.repeat(100_000)}x${'\n'.repeat(100_000)}y`)).toBe(`x${'\n'.repeat(100_000)}y`);
  });
});

describe('pipeline/extract-labels-text.ts', () => {
  const OLD_AMOUNT_PREFIX =
    /^(?:[\s:=.,()/-]|(?:eur|usd|gbp|chf|jpy|cad|aud|sek|nok|dkk|pln|czk|huf|mxn|brl|inr|cny|nzd|sgd|hkd|zar|ron|bgn|try|isk)\b|[€$£¥₹]|zł|kr\b|r\$|incl\b|inkl\b|including|inclusive|ttc\b|brutto\b|gross\b|vat\b|tax\b|taxes\b|mwst\b|ust\b|iva\b|btw\b|tva\b|moms\b|due\b|on\b|am\b|le\b|bis\b|by\b|\d{1,2}(?:[.,]\d+)?\s?%)*$/iu;
  const OLD_VALUE_END = /\s\|\s|\s{3,}|\t|\s+\p{Lu}[\p{L}.#°º ]{1,30}:\s/u;
  const OLD_DATES =
    /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\p{L}{3,12}\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+\p{L}{3,12}\.?\s+\d{4}/gu;

  it('amountPrefix accepts what the old AMOUNT_PREFIX accepted', () => {
    const real = [
      '',
      ' ',
      ': ',
      'EUR ',
      '€',
      'incl. VAT ',
      'inkl. MwSt. 19 % ',
      'Including tax: ',
      'Total HT ',
      'net ',
      'due on ',
      '(gross) ',
      'ZŁ ',
      'r$ ',
      'kr. ',
      'incl',
      'inclusive',
      'includingx',
      'taxes',
      'taxe',
      '7,5% ',
      '19.25 %',
      '1.5.5%',
    ];
    const generated = tokenTexts(
      [
        ' ',
        ':',
        '.',
        ',',
        'eur',
        'incl',
        'uding',
        'usive',
        'tax',
        'es',
        '1',
        '2',
        '%',
        ' ',
        'x',
        '€',
        'kr',
        'r$',
        'zł',
        'ON',
        'by',
      ],
      60_000,
      8,
    );
    for (const text of [...real, ...generated])
      expect(amountPrefix(text), JSON.stringify(text)).toBe(OLD_AMOUNT_PREFIX.test(text));
    expect(generated.filter((t) => OLD_AMOUNT_PREFIX.test(t)).length).toBeGreaterThan(1000);
    expect(amountPrefix(`${'1.1'.repeat(30_000)}x`)).toBe(false);
  });

  it('trimPunctuation and endsWithGap agree with the old patterns', () => {
    for (const text of [...samples('a.,;!? |\t\u00a0', 20_000, 10), '']) {
      expect(trimPunctuation(text), JSON.stringify(text)).toBe(text.replace(/[.,;!?]+$/, ''));
      expect(endsWithGap(text), JSON.stringify(text)).toBe(/(\s\|\s|\s{3,}|\t)$/.test(text));
    }
  });

  it('valueEnd finds where the old VALUE_END did', () => {
    const real = [
      `x A${'b'.repeat(29)}: 1`,
      `x A${'b'.repeat(30)}: 1`,
      ' \tDue: 1',
      'x 𝐀bc: 1',
      'x A𝐀: 1',
      'x  \u00a0Ab:\t',
      '12345   Date: 3 May',
      'INV-1 | Date',
      'INV-1 Due Date: 2026-05-01',
      'INV-1  Kunden-Nr.: 9',
      'ACME\tx',
      '99 Total',
    ];
    const generated = tokenTexts(
      [' ', '  ', '\t', '|', 'Due', 'date', 'No.', ':', '1', 'É', '#', '\u00a0', 'x'],
      60_000,
      10,
    );
    for (const text of [...real, ...generated])
      expect(valueEnd(text), JSON.stringify(text)).toBe(text.search(OLD_VALUE_END));
    expect(generated.filter((t) => /\p{Lu}/u.test(t) && t.search(OLD_VALUE_END) >= 0).length).toBeGreaterThan(1000);
    expect(valueEnd(`1${' x'.repeat(50_000)}`)).toBe(-1);
  });

  it('lineValueEnds reads every suffix of a line as valueEnd does', () => {
    const lines = [
      'x A: 1  B: 2 | C: 3',
      ` \tDue: 1${' '.repeat(4)}Total:\t9 · Ref: 𝐀b: 7`,
      ...tokenTexts([' ', '  ', '\t', '|', '·', 'Due', 'date', 'No.', ':', '1', 'É', '#', '\u00a0', 'x'], 3_000, 24),
    ];
    let checked = 0;
    for (const line of lines) {
      const ends = lineValueEnds(line);
      for (let from = 0; from <= line.length; from++, checked++)
        expect(ends(from), `${JSON.stringify(line)} from ${from}`).toBe(valueEnd(line.slice(from)));
    }
    expect(checked).toBeGreaterThan(30_000);
  });

  it('blankDates blanks what the old DATES_IN_TEXT matched', () => {
    const real = [
      '12.03.2026 100,00',
      'March 3, 2026 99.50',
      '3. März 2026',
      'Septemberxxxxxx 3, 2026 1',
      '3 abcdefghijklm 2026 5',
      '3 abcdefghijkl 2026',
      '2026 12/2026 1/1/26',
      '𝐀𝐁𝐂𝐃𝐄𝐅𝐆𝐇𝐈𝐉𝐊𝐋𝐌 1, 2026',
      '1 𝐀𝐁𝐂 2026',
    ];
    const generated = tokenTexts(
      ['March 3, 2026', '3. März 2026', '1/2/26', '12 ', 'abcdefghij', '𝐀𝐀𝐀𝐀', 'x', ' ', '1', '.', '2026', 'Jan'],
      80_000,
      7,
    );
    for (const text of [...real, ...generated]) {
      expect(blankDates(text), JSON.stringify(text)).toBe(text.replace(OLD_DATES, (d) => ' '.repeat(d.length)));
    }
    expect(generated.filter((t) => new RegExp(OLD_DATES.source, 'u').test(t)).length).toBeGreaterThan(5000);
    expect(blankDates('a'.repeat(200_000))).toBe('a'.repeat(200_000));
  });
});

describe('pipeline/einvoice.ts: datesShown', () => {
  const OLD_DATE =
    /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{1,2}\.?\s+\p{L}{3,12}\.?,?\s+\d{4}|\p{L}{3,12}\.?\s+\d{1,2},?\s+\d{4}|\b\d{8}\b/gu;

  it('finds what the old DATE found, at the same index', () => {
    const real = [
      'Invoice date 2026-03-01, due 31.03. 2026',
      'March 3, 2026',
      '3. März, 2026',
      'Wednesdayyyyyyy 4, 2026',
      '4 Septemberxxxxx 2026',
      '20260301 and 120260301',
      '𝐀𝐁𝐂𝐃𝐄𝐅𝐆𝐇𝐈𝐉𝐊𝐋𝐌 1, 2026',
      '1 𝐀𝐁𝐂, 2026',
    ];
    const generated = tokenTexts(
      ['Mar', 'ch', 'abcdefghij', 'é', '𝐀', ' ', '.', ',', '/', '-', '1', '12', '2026', '2026', '0301', 'x'],
      80_000,
      9,
    );
    for (const text of [...real, ...generated]) {
      expect(datesShown(text), JSON.stringify(text)).toEqual(
        [...text.matchAll(OLD_DATE)].map((m) => ({ index: m.index, text: m[0] })),
      );
    }
    expect(generated.filter((t) => new RegExp(OLD_DATE.source, 'u').test(t)).length).toBeGreaterThan(1000);
    expect(datesShown(`${'a'.repeat(200_000)} 1`)).toEqual([]);
  });
});

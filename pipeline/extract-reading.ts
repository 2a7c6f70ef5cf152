// What extraction may read, and hints about how to read it. The wrapper is not the
// document: in a mail body, a forward header block ("From: / Date: / Subject:"), quoted
// history and the covering note's signature are blanked (same length, so offsets into the
// document text stay valid) before extractors look at it. The language of a document
// tells how to read a date such as 03/04/2026: outside English, day first is the norm.
import type { MessageView } from './types.ts';

// MARKER, HEADER_LINE and CLOSING are tried on the trimmed line (see marker / headerLine): a leading
// or trailing `\s*` beside another one backtracks quadratically over a line of spaces.
const MARKER =
  /^(?:[-_=]{2,}\s*)?(?:forwarded message|original message|weitergeleitete nachricht|urspr[üu]ngliche nachricht|message transf[ée]r[ée]|message d'origine|mensaje reenviado|mensaje original|messaggio inoltrato|messaggio originale|doorgestuurd bericht|oorspronkelijk bericht|wiadomo[śs][ćc] przekazana|mensagem encaminhada|vidarebefordrat meddelande|videresendt meddelelse|begin forwarded message|anfang der weitergeleiteten nachricht)\s*(?::\s*)?(?:[-_=]{2,})?$/i;
const HEADER_LINE =
  /^[*>]?\s*\*?(?:from|von|de|da|van|od|från|fra|sent|gesendet|envoy[ée]|enviado|inviato|verzonden|wys[łl]ano|skickat|sendt|date|datum|fecha|data|dato|subject|betreff|objet|asunto|oggetto|onderwerp|temat|ämne|emne|assunto|to|an|à|para|a|aan|do|till|til|cc|kopie|copie à)\s*(?:\*\s*)?:/i;
const ATTRIBUTION =
  /^\s*(?:on\b.{4,200}\bwrote|am\b.{4,200}\bschrieb.{0,80}|le\b.{4,200}\ba écrit|el\b.{4,200}\bescribi[óo]|il\b.{4,200}\bha scritto|op\b.{4,200}\bschreef.{0,80}|em\b.{4,200}\bescreveu|w dniu\b.{4,200}\bnapisa[łl].{0,20}|den\b.{4,200}\bskrev.{0,80})\s*:\s*$/i;
const CLOSING =
  /^(?:best regards|kind regards|regards|best|thanks|thank you|cheers|sincerely|mit freundlichen gr[üu](?:ß|ss)en|freundliche gr[üu](?:ß|ss)e|viele gr[üu](?:ß|ss)e|beste gr[üu](?:ß|ss)e|gru(?:ß|ss)|cordialement|bien cordialement|salutations|atentamente|saludos|un saludo|cordiali saluti|distinti saluti|saluti|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|z powa[żz]aniem|pozdrawiam|atenciosamente|cumprimentos|med v[äa]nlig h[äa]lsning|v[äa]nliga h[äa]lsningar|med venlig hilsen|venlig hilsen)\s*[,.!]?$/i;

export function marker(line: string): boolean {
  return MARKER.test(line.trim());
}

export function closing(line: string): boolean {
  return CLOSING.test(line.trim());
}

export function headerLine(line: string): boolean {
  return HEADER_LINE.test(line.trimStart());
}

function blank(lines: string[], from: number, to: number): void {
  for (let i = from; i < to && i < lines.length; i++) lines[i] = ' '.repeat(lines[i]!.length);
}

// Dot leaders between a label and its value ("Top-up amount ....... £15.00"), as a till or a
// text mail lines up its columns: a gap between cells, not part of the label or the value.
const LEADER = /(?<= )\.{3,}(?= )/g;

/** The text with its dot leaders blanked (same length, so offsets stay valid). */
export function blankLeaders(text: string): string {
  return text.includes('... ') ? text.replace(LEADER, (dots) => ' '.repeat(dots.length)) : text;
}

/** The body text with the forward header block, quoted history and signature blanked out. */
export function maskWrapper(text: string, bodyIsDocument = false): string {
  const lines = text.split('\n');
  // A mail whose body is the document itself (an invoice typed in a mail client, nothing
  // attached) and that forwards nothing: the sender's signature names the issuer ("Dan Koval /
  // Koval Precision Machining LLC / 2280 Needmore Rd"), so it stays.
  const ownSignature = bodyIsDocument && !lines.some((l) => marker(l));
  // Past a forward's header block the text is the forwarded message: its signature is its
  // author's (the vendor's name, address and register), not the covering note's. Right under
  // that block, quoted lines are the forwarded message itself (Outlook's "-----Original
  // Message-----" with the original quoted as "> …"): they are read with their quote mark
  // blanked, not blanked as a reply's history, until the first line that is not quoted.
  let forwarded = false;
  let quotedForward = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (quotedForward && !/^\s*>/.test(line) && line.trim() !== '') quotedForward = false;
    if (
      marker(line) ||
      // The block may be quoted too ("> De : …", "> A : …" under Orange webmail's "> Message du …").
      (headerLine(line) &&
        headerLine(lines[i + 1] ?? '') &&
        /^\s*(?:>\s*)?\*?(?:from|von|de|da|van|od|från|fra)\b/i.test(line))
    ) {
      // The marker, then the header lines of the forwarded message up to its first blank line.
      let end = marker(line) ? i + 1 : i;
      while (end < lines.length && lines[end]!.trim() === '') end++;
      while (end < lines.length && (headerLine(lines[end]!) || (lines[end]!.trim() !== '' && /^\s/.test(lines[end]!))))
        end++;
      blank(lines, i, end);
      i = end - 1;
      forwarded = true;
      quotedForward = true;
    } else if (ATTRIBUTION.test(line)) {
      blank(lines, i, lines.length);
      break;
    } else if (/^\s*>/.test(line)) {
      // One level of quoting is the forwarded message's; a deeper one is its own history.
      const unquoted = line.replace(/^(\s*)> ?/, (m) => ' '.repeat(m.length));
      if (quotedForward && !/^\s*>/.test(unquoted)) lines[i] = unquoted;
      else blank(lines, i, i + 1);
    } else if ((line === '-- ' || line === '--') && !forwarded && !ownSignature) {
      let end = i + 1;
      while (end < lines.length && !marker(lines[end]!)) end++;
      blank(lines, i, end);
      i = end - 1;
    } else if (closing(line) && !ownSignature) {
      // The closing phrase and the name and role lines under it, up to a blank line.
      let end = i + 1;
      // A forward's marker right under the signature starts the forwarded message.
      while (end < lines.length && end <= i + 6 && lines[end]!.trim() !== '' && !marker(lines[end]!)) end++;
      blank(lines, i, end);
      i = end - 1;
    }
  }
  return lines.join('\n');
}

/** Whether the message is a forward or reply whose From is not the document's author. */
export function forwardedBySender(view: MessageView): boolean {
  if (view.forwardedBy) return false;
  if (/^\s*(?:fwd?|wg|tr|rv|i|doorst|pd|vs|vb|enc|fw)\s*:/i.test(view.subject)) return true;
  const body = view.documents.find((d) => d.kind === 'body')?.text ?? '';
  return body.split('\n').some((l) => marker(l));
}

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'your', 'for', 'please', 'invoice', 'total', 'date', 'amount', 'due', 'thank', 'with'],
  de: [
    'und',
    'der',
    'die',
    'das',
    'ihre',
    'für',
    'mit',
    'rechnung',
    'betrag',
    'datum',
    'bitte',
    'nicht',
    'zahlbar',
    'vom',
  ],
  fr: ['le', 'la', 'les', 'et', 'des', 'votre', 'pour', 'facture', 'montant', 'avec', 'du', 'au', 'date'],
  es: ['el', 'la', 'los', 'y', 'de', 'su', 'para', 'factura', 'importe', 'con', 'fecha', 'del', 'total'],
  it: ['il', 'la', 'di', 'e', 'per', 'fattura', 'importo', 'con', 'del', 'della', 'data', 'totale'],
  nl: ['de', 'het', 'en', 'van', 'uw', 'voor', 'factuur', 'bedrag', 'met', 'datum', 'totaal'],
  pt: ['o', 'a', 'de', 'e', 'do', 'da', 'para', 'fatura', 'nota', 'valor', 'com', 'data'],
  pl: ['i', 'w', 'z', 'na', 'do', 'faktura', 'kwota', 'data', 'nie', 'oraz', 'za'],
  sv: ['och', 'att', 'för', 'med', 'faktura', 'belopp', 'datum', 'er', 'av'],
  da: ['og', 'at', 'for', 'med', 'faktura', 'beløb', 'dato', 'jeres', 'af'],
};

/**
 * Whether the text is in a language whose dates are written day first (every language
 * here but English). English text gives no hint: 03/04/2026 stays ambiguous.
 */
export function dayFirstLanguage(text: string): boolean {
  const words =
    text
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 3000) ?? [];
  const counts = new Map<string, number>();
  for (const w of words) {
    for (const [lang, list] of Object.entries(STOPWORDS))
      if (list.includes(w)) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  return Boolean(top && top[0] !== 'en' && top[1] >= 3 && (!second || top[1] >= second[1] * 1.3));
}

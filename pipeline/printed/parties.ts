// The party that issues the document: its name and its email address, as the page prints
// them. The issuer is the letterhead, the legal entity in the footer, the block under a
// "Supplier"/"Verkäufer" heading, and the sender's domain. It is never the buyer (a block
// under "Customer"/"Bill to", or the recipients' own domain), nor a person named on the
// page. A legal form (GmbH, Ltd, S.A., B.V., …) marks a company name; agreement with the
// sender's domain makes a name or an address surer; two names or addresses of similar
// standing make each doubtful.
import { caseless } from '../caseless.ts';
import { forwardedBySender } from '../extract-reading.ts';
import { forwardedInText } from '../forwarded.ts';
import { type LabelKind, labelOf } from '../headers-text.ts';
import { findEmail } from '../validate.ts';
import type { Mailbox, MessageView } from '../types.ts';
import { type Cell, cellUnder, type Line, linesOf, nextFilled } from './layout.ts';
import { SELLER, SOLD_BY } from './labels.ts';
import { labeledCandidates } from '../extract-labels.ts';
import { roleBeforeColon, type SectionRole, sectionsOf } from './sections.ts';
import { CARRIERS } from './lexicon.ts';
import { findPhrase, firstPhrase, fold, phrases, wordsOf } from './words.ts';
import type { PrintedCandidate, ReadableDocument } from './index.ts';

const SOLD_BY_LABELS = ['Sold by', ...SOLD_BY];

// Legal forms as printed, compared without case and dots: "GmbH", "S.A.", "Sp. z o.o.".
const LEGAL_FORMS = [
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'gbr',
  'ek',
  'ev',
  'ug',
  'mbh',
  'se',
  'kgaa',
  'ltd',
  'limited',
  'llc',
  // A US professional company: "Gulf Coast Occupational Health, PLLC", "… Eye Care, P.C.".
  'pllc',
  'pc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  // "Skillhaven Learning Co.", "Harbor Supply Co": a company's word in English names (a capital
  // C only; "& Co. KG" keeps its longer form).
  'co',
  'plc',
  'llp',
  'lp',
  'pty',
  'pty ltd',
  'pte',
  'sas',
  'sasu',
  'sarl',
  // Luxembourg's and French Switzerland's "S.à r.l." in its spaced spelling.
  'sa rl',
  'eurl',
  'sa',
  'snc',
  'sl',
  'slu',
  'sau',
  'srl',
  'spa',
  'sapa',
  'sas',
  'sc',
  'bv',
  'nv',
  'vof',
  'bvba',
  'bv ba',
  'cv',
  'ab',
  'hb',
  'aps',
  'as',
  'a s',
  'asa',
  'oy',
  'oyj',
  'ks',
  'is',
  'lda',
  'ltda',
  'sp z oo',
  'spzoo',
  'spolka z oo',
  'spolka akcyjna',
  // Written out in full: "ABC Spółka z ograniczoną odpowiedzialnością".
  'spolka z ograniczona odpowiedzialnoscia',
  'gesellschaft mit beschrankter haftung',
  'sp j',
  'sp k',
  'sa de cv',
  'scs',
  'sca',
  'ag & co kg',
  'gmbh & co kg',
  // Czech and Slovak (s.r.o., spol. s r.o., v.o.s.), Greek (IKE), Turkish (Ltd. Şti.).
  'sro',
  'spol s ro',
  'vos',
  'ike',
  'ltd sti',
  // Greek forms as printed in Greek: Α.Ε., Ε.Π.Ε., Ο.Ε., Ι.Κ.Ε., Μ.Ι.Κ.Ε.
  'αε',
  'επε',
  'οε',
  'ικε',
  'μικε',
  // Hungarian (Kft., Zrt., Bt., Nyrt.), Austrian (OG), French sole trader (EI).
  'kft',
  'zrt',
  'bt',
  'nyrt',
  'og',
  'ei',
  // Israeli "Ltd" (בע"מ) and Germany's partnership of professionals ("Reinholz & Partner mbB").
  'בע"מ',
  'mbb',
  'partg mbb',
  // Peru's sole proprietorship with limited liability and closed stock company.
  'eirl',
  'sac',
  // Slovenian, Croatian and Serbian limited companies (d.o.o., the simple j.d.o.o.), printed
  // small with their dots.
  'doo',
  'jdoo', // Malaysian (Sdn. Bhd., Bhd.), an Indonesian listed company's Tbk, Icelandic (ehf., hf.),
  // Estonian (OÜ), Bulgarian (ЕООД, ООД, АД), and Thai (จำกัด, a public one's จำกัด (มหาชน)).
  'sdn bhd',
  'bhd',
  'tbk',
  'ehf',
  'hf',
  'ou',
  'еоод',
  'оод',
  'ад',
  'จำกัด',
  'จำกัด มหาชน',
  // Ireland's designated activity company ("Atlantic Rail Services DAC"), in capitals only.
  'dac',
  // A Gulf trading establishment (مؤسسة): "Najd Roastery Trading Est."; not a bare "Est." ("Est. 1998").
  'trading est',
  // A French workers' cooperative's form: "SCOP SA à capital variable".
  'scop sa',
];
const FORM_SET = new Set(LEGAL_FORMS.map((f) => f.replace(/\s+/g, '')));
// Forms whose letters are also a common word or an abbreviation: only in capitals as written.
// Forms printed in small letters with their dots ("Kvítek retail s.r.o."): the name before them
// may hold small words too, back to its first capitalised one.
// Iceland's ehf. and hf. are printed small too, and a Polish general partnership's "sp.j." run together.
const SMALL_FORMS = new Set(['sro', 'spolsro', 'vos', 'doo', 'jdoo', 'ehf', 'hf', 'spj']);
const CASE_SENSITIVE = new Set([
  'αε',
  'οε',
  'ag',
  'as',
  'se',
  'sa',
  'sl',
  'sc',
  'is',
  'cv',
  'ab',
  'hb',
  'lp',
  'ks',
  'ek',
  'ev',
  'og',
  'ei',
  'bt',
  'sac',
  // "ou" is French for "or", "ад" a word of its own: Estonian OÜ and Bulgarian АД in capitals.
  'ou',
  'ад',
  'dac',
]);

const NAME_CONNECTORS = new Set([
  '&',
  'und',
  'and',
  // Swedish, Norwegian and Polish "in"/"and": "Hörnets Livs i Uppsala AB", "Nowak i Wspólnicy".
  'i',
  'et',
  'y',
  'e',
  'di',
  'de',
  'van',
  'der',
  'den',
  'von',
  'du',
  'des',
  'la',
  'le',
  'of',
  'for',
  // "La Cave à Thé SARL", "Caffè del Corso S.r.l.", "Gasthof zum Löwen GmbH".
  'à',
  'au',
  'aux',
  'al',
  'del',
  'della',
  'dei',
  'da',
  'do',
  'am',
  'zum',
  'zur',
  '-',
  '+',
]);

interface NameCandidate {
  name: string;
  offset: number;
  document_index: number;
  score: number;
  legal: boolean;
  /** Named by a seller label ("Sold by: …", "Verkäufer: …"): the page says this party sells. */
  seller?: boolean;
  /** Named by a shop label on a platform's page ("Restaurant: …", "Loja: …"). */
  shop?: boolean;
}

interface EmailCandidate {
  address: string;
  offset: number | null;
  document_index: number | null;
  score: number;
  source: 'page' | 'from' | 'forward';
}

/** The registrable part of a domain, as far as mail needs it: "mail.acme.co.uk" -> "acme.co.uk". */
export function siteOf(domain: string): string {
  const labels = domain.toLowerCase().split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const second = labels.at(-2)!;
  const take =
    labels.at(-1)!.length === 2 && ['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or', 'gv'].includes(second)
      ? 3
      : 2;
  return labels.slice(-take).join('.');
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The letters of a site's name without its suffix: "brackenfield-janitorial.example" -> "brackenfieldjanitorial". */
const siteWord = (site: string) => fold(site.split('.')[0] ?? '').replace(/[^a-z0-9]/g, '');

/** Whether a name and a site share a word of four letters or more ("Astrelle Télécom SA", astrelle-telecom.example). */
function nameMatchesSite(name: string, site: string): boolean {
  const word = siteWord(site);
  if (!word) return false;
  const matches = (spelling: string) => {
    const words = wordsOf(spelling)
      .map((w) => w.text)
      .filter((w) => w.length >= 4 && !FORM_SET.has(w));
    return words.some((w) => word.includes(w)) || (words.length > 1 && word === words.join(''));
  };
  // A domain spells German umlauts out: "Kaffeemühlen Schröder", kaffeemuehlen-schroeder.example.
  return matches(name) || (/[äöüÄÖÜ]/.test(name) && matches(germanSpelling(name)));
}

/**
 * Whether a name is the recipients' own party: its words make up most of their site's word
 * ("Lange Maschinenbau GmbH" and lange-maschinenbau), or it shares a word with their site and
 * none with the sender's ("Great Lakes Restaurant Supply Co." sent from glrsupply to
 * lakeshorebistro is the sender's: "lakes" inside "lakeshore" is no match).
 */
function nameIsOwnSite(name: string, own: string, sender: string | null): boolean {
  if (!nameMatchesSite(name, own)) return false;
  const word = siteWord(own);
  const covered = wordsOf(name)
    .map((w) => w.text)
    .filter((w) => w.length >= 4 && !FORM_SET.has(w) && word.includes(w))
    .reduce((n, w) => n + w.length, 0);
  return covered * 2 >= word.length || !(sender && nameMatchesSite(name, sender));
}

const UMLAUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };
const germanSpelling = (text: string) => text.replace(/[äöüÄÖÜ]/g, (c) => UMLAUT[c]!);

/** The text without trailing characters of `chars` (a loop: a `[…]+$` search backtracks). */
function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** A token as a legal form is compared: folded, without dots, commas and parentheses. */
// "A/S" (Danish and Norwegian companies) is the form "as" written with its slash.
const formKey = (token: string) => fold(token).replace(/[.,()/]/g, '');
// The last word of every legal form: most tokens of a page are none, and are passed over at once.
const FORM_ENDS = new Set([...LEGAL_FORMS.map((f) => formKey(f.split(/\s+/).at(-1)!)), ...FORM_SET]);

function formAt(tokens: string[], keys: string[], end: number): number {
  // The longest legal form ending at token `end` (tokens as printed): its first token's index, or -1.
  if (!FORM_ENDS.has(keys[end]!)) return -1;
  for (let len = Math.min(4, end + 1); len >= 1; len--) {
    const key = keys.slice(end - len + 1, end + 1).join('');
    if (!FORM_SET.has(key)) continue;
    const token = tokens[end - len + 1]!;
    const letters = token.replace(/[.,]/g, '');
    // "e.K.", "e.V.": the German sole trader's and association's forms keep their small "e";
    // "a.s.", the Czech and Slovak joint-stock company, is printed small with its dots.
    if (
      len === 1 &&
      CASE_SENSITIVE.has(key) &&
      letters !== letters.toUpperCase() &&
      !/^e\.[KV]\.?$/.test(token) &&
      !/^a\.s\.$/.test(token)
    )
      continue;
    // "Co." is a company's word as "Co" or "Co." only ("Boulder, CO" is a state), and not before
    // a longer form's last word ("GmbH & Co. KG", "Co., Ltd.").
    if (len === 1 && key === 'co' && (!/^Co\.?,?$/.test(token) || FORM_ENDS.has(keys[end + 1] ?? ''))) continue;
    // "PC" alone is a computer: the professional corporation is printed with its dots ("P.C.").
    if (len === 1 && key === 'pc' && !/^P\.C\.,?$/.test(token)) continue;
    // A form is printed with a capital (GmbH, Ltd, KG, SpA, Oy): "1 kg", "a spa" are a unit and a word.
    // (A script without capitals, as Hebrew's בע"מ, has none to print.) A British public
    // company writes its "plc" small, and no word is spelt so; a Québec company its "inc." with
    // its dot ("Les Sommets Valcourt inc.").
    if (
      len === 1 &&
      key !== 'plc' &&
      token !== 'inc.' &&
      letters === letters.toLowerCase() &&
      letters !== letters.toUpperCase() &&
      !(SMALL_FORMS.has(key) && token.includes('.')) &&
      !/^a\.s\.$/.test(token)
    )
      continue;
    return end - len + 1;
  }
  return -1;
}

// A script without capitals (Hebrew, Arabic) starts every word of a name as it starts any word.
// Longer than any name read (see notAName): where the walk back over a name's words stops.
const NAME_SPAN = 120;
const capitalised = (t: string) => /^[\p{Lu}\p{Lo}\d"„«(]/u.test(t);
// A copyright notice's mark and its year or years, which stand before the holder's name.
const COPYRIGHT_MARK = /^(?:©|\(c\)|copyright|copyright©)$/i;
const YEARS = /^(?:19|20)\d\d(?:[-–](?:19|20)\d\d)?$/;
// The word that names a sole trader's owner under the trading name ("Inh. Kurt Brandt e.K.").
const OWNER_MARK = /^(?:inh\.|inhaber(?:in)?:?|prop\.|proprietor:?|propriétaire\s*:?|titolare:?)$/i;

/** Company names in a piece of text: capitalised words ending in a legal form ("Brackenfield Janitorial Supplies Ltd"). */
export function companyNames(text: string): { name: string; at: number; copyright?: true }[] {
  const out: { name: string; at: number; copyright?: true }[] = [];
  const tokens: { text: string; at: number }[] = [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index }));
  const plain = tokens.map((t) => trimEnd(t.text, ',;:'));
  const keys = plain.map(formKey);
  // Japanese forms are written into the name without a space: "株式会社ミドリ書房", "ミドリ書房株式会社".
  // "北建設株式会社 御中", "… 様": the honorific marks the addressee, who does not issue.
  for (const [k, printed] of plain.entries()) {
    // "運営：有限会社ミライ教育": the label before a full-width colon is no part of the name.
    const label = printed.lastIndexOf('：') + 1;
    const token = printed.slice(label);
    if (!JAPANESE_FORMS.some((f) => token.length > f.length && (token.startsWith(f) || token.endsWith(f)))) continue;
    if (ADDRESSEE.some((h) => token.endsWith(h) || plain[k + 1] === h)) continue;
    out.push({ name: token, at: tokens[k]!.at + label });
  }
  for (let end = 0; end < tokens.length; end++) {
    const formStart = formAt(plain, keys, end);
    if (formStart < 1) continue;
    // "Praxisräume 1. OG": a floor (Obergeschoss) after its ordinal, not an Offene Gesellschaft.
    if (formStart === end && /^\d{1,2}\.$/.test(plain[end - 1]!)) continue;
    // "Pty" of "Pty Ltd": the longer form the next token completes is the name's.
    const longer = end + 1 < tokens.length ? formAt(plain, keys, end + 1) : -1;
    if (longer >= 0 && longer <= formStart) continue;
    // "Sitz Bremen, AG Bremen HRB 30122": after a comma or a label, the register court
    // (Amtsgericht) and its number in an imprint, not a stock company ("Muster AG Bremen HRB 1"
    // keeps its form).
    if (
      formStart === end &&
      keys[end] === 'ag' &&
      /[,:;·|]$/.test(tokens[end - 1]!.text) &&
      capitalised(plain[end + 1] ?? '') &&
      REGISTER.test(plain[end + 2] ?? '')
    )
      continue;
    // "UG (haftungsbeschränkt)", "GmbH & Co. KG": the form may run on.
    let last = end;
    if (/^\(haftungsbeschr/i.test(plain[last + 1] ?? '')) last++;
    // "Reinholz & Partner mbB Steuerberatungsgesellschaft": a German firm's profession after its form.
    else if (/^\p{Lu}\p{Ll}{3,}gesellschaft$/u.test(plain[last + 1] ?? '')) last++;
    let start = formStart;
    let copyright = false;
    let owner = false;
    let smallWords = 0;
    let elided = 0;
    // "Železniční společnost Morava a.s.": the Czech and Slovak "a.s." in its small print names
    // a company the way "s.r.o." does, with small words after the first.
    // So does a Québec company's small "inc." ("Nadia Gauthier pharmacienne inc.": the profession
    // the law has a pharmacist's company name).
    const small =
      SMALL_FORMS.has(keys.slice(formStart, end + 1).join('')) ||
      (formStart === end && (/^a\.s\.$/.test(plain[end]!) || plain[end] === 'inc.'));
    // A name is short: the walk stops once it is longer than any name is read (`notAName`
    // refuses one of more than 80 characters), so a line of capitalised words and forms repeated
    // costs each form a few words, not the whole line before it.
    while (start > 0 && tokens[end]!.at - tokens[start]!.at <= NAME_SPAN) {
      const prev = plain[start - 1]!;
      // A label before the name ("Betreiber: City Parken GmbH", "Provozovatel: …") is not part of it.
      if (tokens[start - 1]!.text.endsWith(':')) break;
      // "Copyright © 2025 Apple Inc.", "© 1996-2026, Amazon.com, Inc.": the notice's year is no part of the name.
      // "(c) Muster e.V.": nor is the mark; "Inh. Kurt Brandt e.K.": nor the owner's word (the
      // owner's name is read as such, see ownerName).
      if (COPYRIGHT_MARK.test(prev) || (YEARS.test(prev) && start >= 2 && COPYRIGHT_MARK.test(plain[start - 2]!))) {
        copyright = true;
        break;
      }
      if (OWNER_MARK.test(prev)) {
        owner = true;
        break;
      }
      // "Reçu d’Atelier Numérique SARL", "auprès de l'Atelier …": an elided article glued to the
      // name's first word; the name starts after its apostrophe.
      if (/^[dlDL][’'][\p{Lu}]/u.test(prev)) {
        start--;
        elided = 2;
        break;
      }
      if (capitalised(prev) || NAME_CONNECTORS.has(prev.toLowerCase())) start--;
      // "Mlýnská gastro s.r.o.", "Účetní kancelář Veselá s.r.o.": a small word after a
      // capitalised one (two at most).
      else if (small && smallWords < 2 && start >= 2 && /^\p{Ll}{2,}$/u.test(prev) && capitalised(plain[start - 2]!)) {
        smallWords++;
        start--;
      } else break;
    }
    // "Taxis Parisiens Associés – SCOP SA à capital variable": a French imprint's name, a dash,
    // then the form that ends it (its capital after it): the name is the words before the dash.
    if (
      start === formStart &&
      formStart >= 2 &&
      DASHES.has(plain[formStart - 1]!) &&
      !capitalised(plain[last + 1] ?? '')
    ) {
      let from = formStart - 1;
      while (from > 0 && tokens[formStart]!.at - tokens[from - 1]!.at <= NAME_SPAN) {
        const prev = plain[from - 1]!;
        if (tokens[from - 1]!.text.endsWith(':') || !(capitalised(prev) || NAME_CONNECTORS.has(prev.toLowerCase())))
          break;
        from--;
      }
      while (from < formStart - 1 && NAME_CONNECTORS.has(plain[from]!.toLowerCase())) from++;
      const before = text.slice(tokens[from]!.at, tokens[formStart - 2]!.at + plain[formStart - 2]!.length);
      if (from < formStart - 1 && /\p{L}{2}/u.test(before)) out.push({ name: before, at: tokens[from]!.at });
      end = last;
      continue;
    }
    while (start < formStart && NAME_CONNECTORS.has(plain[start]!.toLowerCase())) start++;
    // "Venduto da Lanterna … S.à r.l.": a seller's label in running text is no part of the name.
    const label = SOLD_BY_LABELS.find((l) => l.split(' ').length < formStart - start && sameWords(plain, start, l));
    if (label) start += label.split(' ').length;
    if (start === formStart) continue;
    // "Inh. Kurt Brandt e.K." under a shop's name names its owner: the shop's name is the
    // merchant a bookkeeper files (the house style of most of our sets, see decisions.md).
    if (owner && keys[formStart] === 'ek') {
      end = last;
      continue;
    }
    const first = { at: tokens[start]!.at + elided };
    const lastToken = tokens[last]!;
    const printed = text.slice(first.at, lastToken.at + plain[last]!.length);
    const name = printed.replace(/^["„«(]+/, '');
    // The name before the form has a word of its own ("1 KG" is a quantity, not a company).
    if (/\p{L}{2}/u.test(text.slice(first.at, tokens[formStart]!.at)))
      out.push({
        name,
        at: first.at + printed.length - name.length,
        ...(copyright ? { copyright: true as const } : {}),
      });
    end = last;
  }
  // A French form printed before the name: "SARL Le Quai Bordelais", "SAS Maison Dufresne au
  // capital …"; at the start, after a label ("Постачальник: ФОП …"), or after a sentence's small
  // word ("Établissement exploité par SARL Hôtel des Remparts").
  for (let first = 0; first < tokens.length - 1; first++) {
    if (first > 0 && !tokens[first - 1]!.text.endsWith(':') && !/^\p{Ll}+$/u.test(tokens[first - 1]!.text)) continue;
    const prefix = prefixFormLength(keys.slice(first));
    // A form in capitals ("SARL"); a form that is a word of the name is capitalised ("Vereniging").
    if (prefix === 0 || (plain[first] !== plain[first]!.toUpperCase() && !WORD_FORMS.has(keys[first]!))) continue;
    const from = first + prefix;
    let last = from - 1;
    // "UAB „Sargybos tarnyba Baltija“", "SIA „Bērziņš & Ozola“": a quoted name runs to its closing mark.
    const quoted = /^[„“"«]/.test(plain[from] ?? '') ? plain.findIndex((t, k) => k >= from && /[“”"»]$/.test(t)) : -1;
    if (quoted >= from && quoted <= from + 7) last = quoted;
    // "Société de navigation du Cap-Blanc": a French company named by its form's word runs on
    // through small words, when that is all the line prints and it ends on a capitalised word.
    else if (SMALL_WORDED.has(keys[first]!) && first === 0 && tokens.length <= 7 && capitalised(plain.at(-1)!))
      last = tokens.length - 1;
    else
      while (
        last + 1 < tokens.length &&
        // "ФОП Мельник Оксана Петрівна, РНОКПП …": a comma ends the name.
        !/[,;]$/.test(tokens[last]!.text) &&
        (capitalised(plain[last + 1]!) ||
          NAME_CONNECTORS.has(plain[last + 1]!) ||
          // "SARL Les Tilleuls d’Annecy": an elided article glued to the name's next word.
          /^[dlDL][’'][\p{Lu}]/u.test(plain[last + 1]!))
      )
        last++;
    while (last >= from && NAME_CONNECTORS.has(plain[last]!)) last--;
    if (last < from) continue;
    const own = text.slice(tokens[from]!.at, tokens[last]!.at + plain[last]!.length);
    // Indonesia's "PT" is also an abbreviation: a company's name after it has two words at least.
    if (keys[first] === 'pt' && last === from) continue;
    if (/\p{L}{2}/u.test(own))
      out.push({ name: text.slice(tokens[first]!.at, tokens[last]!.at + plain[last]!.length), at: tokens[first]!.at });
  }
  return out;
}

const REGISTER = /^\(?HR[AB]?\b/;
const DASHES = new Set(['–', '—', '-']);

/** Whether the tokens from `at` spell the words of `phrase`, without case or accents. */
function sameWords(tokens: string[], at: number, phrase: string): boolean {
  return phrase.split(' ').every((w, k) => fold(tokens[at + k] ?? '') === fold(w));
}

// Japanese and Chinese forms, written into the name: "有限会社ミライ教育", "星河宽带网络有限公司".
const JAPANESE_FORMS = ['株式会社', '有限会社', '合同会社', '合資会社', '合名会社', '有限公司', '有限责任公司'];
const ADDRESSEE = ['御中', '様', '殿'];

// The Arabic "company" word before the name: "شركة الواحة للتقنية".
// Lithuanian and Latvian forms stand before the name too ("UAB „…“", "SIA „…“"), as do the
// Ukrainian, Russian and Kazakh ones ("ТОВ «…»", "ООО «…»", "ТОО «…»", a sole trader's "ФОП
// Surname Name"), the Vietnamese ("CÔNG TY TNHH …", "CÔNG TY CỔ PHẦN …") and the Indonesian PT.
const WORD_FORMS = new Set(['vereniging', 'societe']);
// Forms whose name may hold small words after them ("Société de navigation du Cap-Blanc").
const SMALL_WORDED = new Set(['societe']);

const PREFIX_FORMS = new Set([
  // A Dutch association names itself by its form first: "Vereniging Nederlandse Reisfotografen".
  'vereniging',
  // A Québec or French company by its word: "Société de navigation du Cap-Blanc".
  'societe',
  'sarl',
  'sas',
  'sasu',
  'eurl',
  'snc',
  'sci',
  'selarl',
  'شركة',
  'uab',
  'sia',
  'тов',
  'ооо',
  'тоо',
  'ао',
  'пао',
  'пат',
  'прат',
  'фоп',
  'ип',
  'pt',
  'cong ty',
  'cong ty tnhh',
  'cong ty co phan',
]);

/** How many tokens a legal form printed before the name takes at the start (0: none): the longest. */
function prefixFormLength(keys: string[]): number {
  for (let len = Math.min(4, keys.length - 1); len >= 1; len--)
    if (PREFIX_FORMS.has(keys.slice(0, len).join(' '))) return len;
  return 0;
}

const SOLD_BY_HEADS = new Set(SOLD_BY_LABELS.map((l) => fold(l)));

/**
 * A marketplace's order table with a "Sold by" column ("Item | Sold by | Price" over "Forms Pro
 * | Quillfield Studio | $79.00"): the name under the head sells the item, as "Sold by: …" says.
 * One seller only: a cart of several sellers' items names no one seller of the page.
 */
function soldByColumn(lines: Line[], documentIndex: number): NameCandidate[] {
  const found: NameCandidate[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.piped || line.cells.length < 2) continue;
    const column = line.cells.findIndex((c) => SOLD_BY_HEADS.has(fold(c.text)));
    if (column < 0) continue;
    for (const row of lines.slice(i + 1, i + 12)) {
      if (!row.piped || row.cells.length !== line.cells.length) break;
      const cell = row.cells[column]!;
      if (notAName(cell.text) || !nameShaped(cell.text)) continue;
      found.push({
        name: cell.text,
        offset: cell.offset,
        document_index: documentIndex,
        score: 0.81,
        legal: companyNames(cell.text).length > 0,
        seller: true,
      });
    }
  }
  return new Set(found.map((f) => normalName(f.name))).size === 1 ? found.slice(0, 1) : [];
}

/** Whether a text reads as an address or a label rather than a name. */
function notAName(text: string): boolean {
  if (text.length > 80 || !/\p{L}{2}/u.test(text)) return true;
  const t = fold(text);
  if (/\d{4,}/.test(t) && !/\b(gmbh|ltd|inc|sa|bv|ag)\b/.test(t)) return true;
  // A North American address puts the number first ("400 - 6 Ave SE, Calgary AB"), where its
  // quadrant and province read as legal forms (SE, AB).
  if (/^\d+[a-z]? /.test(t) && /\b(street|st|road|rd|avenue|ave|lane)\b/.test(t)) return true;
  return /\b(str|strasse|straße|street|st|road|rd|avenue|ave|rue|calle|via|weg|gasse|platz|lane|postfach|box|p o box)\b\.?\s*\d/.test(
    t,
  );
}

/** Segments of a line as a letterhead prints them: cells, and parts between " · ", " | ", " – ". */
function segmentsOf(cell: Cell): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let at = 0;
  for (const part of cell.text.split(/ [·|–—•] /)) {
    const lead = part.length - part.trimStart().length;
    const last = out.at(-1);
    // "Taxis Parisiens Associés – SCOP SA à capital variable": a part that opens with the
    // legal form and its capital is the form of the name before the dash (companyNames reads both).
    if (last && /[–—]/.test(cell.text.charAt(at - 2)) && opensWithForm(part.trim()))
      last.text = cell.text.slice(last.offset - cell.offset, at + part.trimEnd().length);
    else if (part.trim()) out.push({ text: part.trim(), offset: cell.offset + at + lead });
    at += part.length + 3;
  }
  return out;
}

/** Whether a text starts with a legal form that no capitalised word follows ("SCOP SA à capital variable"). */
function opensWithForm(text: string): boolean {
  const plain = text
    .split(/\s+/)
    .slice(0, 5)
    .map((t) => trimEnd(t, ',;:'));
  const keys = plain.map(formKey);
  for (let end = Math.min(3, plain.length - 1); end >= 0; end--)
    if (formAt(plain, keys, end) === 0) return !capitalised(plain[end + 1] ?? '');
  return false;
}

function senderSite(view: MessageView): string | null {
  const from = view.from?.address;
  return from?.includes('@') ? siteOf(domainOf(from)) : null;
}

const originals = new WeakMap<MessageView, Mailbox | null>();

/**
 * A forward's original sender, from the header block its body prints ("Von: Kanzlei … <rechnungen@…>"
 * under an Outlook "WG:"): the readers see the body with that block blanked, and the forward's
 * own From is the colleague who passed the document on.
 */
export function forwardedFrom(view: MessageView): Mailbox | null {
  if (!forwardedBySender(view)) return null;
  let original = originals.get(view);
  if (original === undefined) {
    const body = view.documents.find((d) => d.kind === 'body')?.text ?? '';
    const from = forwardedInText(body, view.subject)?.from ?? null;
    original = from?.address?.includes('@') ? from : null;
    originals.set(view, original);
  }
  return original;
}

/** The issuer's site as the mail tells it: a forward's original sender's, else the sender's. */
function issuerSite(view: MessageView): string | null {
  const original = forwardedFrom(view);
  return original ? siteOf(domainOf(original.address)) : senderSite(view);
}

/**
 * The recipients' own sites: the tenant's party is never the vendor. Only the To addresses
 * count (a vendor often copies its own billing address), and never the sender's own site.
 */
function ownSites(view: MessageView): Set<string> {
  const sites = new Set<string>();
  for (const a of view.to.map((m) => m.address)) if (a?.includes('@')) sites.add(siteOf(domainOf(a)));
  const sender = senderSite(view);
  if (sender) sites.delete(sender);
  return sites;
}

/** Where a line sits on its page: the letterhead (first lines) or the footer (last lines before a page mark or the end). */
function placeOf(lines: Line[], index: number): 'head' | 'foot' | 'body' {
  let filled = 0;
  for (let i = 0; i < index && filled < 8; i++) if (lines[i]!.cells.length > 0) filled++;
  if (filled < 6) return 'head';
  let after = 0;
  for (let i = index + 1; i < lines.length && after < 6; i++) {
    const text = lines[i]!.text;
    if (/\bpage\s+\d+\s*(of|\/)\s*\d+|\bseite\s+\d+|\bpage\s+\d+$/i.test(text)) break;
    if (lines[i]!.cells.length > 0) after++;
  }
  return after < 4 ? 'foot' : 'body';
}

const NAME_LABELS = phrases(
  'name',
  'company',
  'company name',
  'trading name',
  'different trading name',
  'legal name',
  'registered name',
  'firma',
  'firmenname',
  'handelsname',
  'abweichender handelsname',
  'abweichender han delsname',
  'raison sociale',
  'dénomination',
  'nom',
  'razón social',
  'nombre',
  'ragione sociale',
  'denominazione',
  'naam',
  'bedrijfsnaam',
  'nazwa',
  'nazwa firmy',
  'namn',
  'företagsnamn',
  'navn',
  'firmanavn',
);

/** The value of a "Name: …" cell, or of the cell after a "Company name" label cell. */
function nameLabelled(cells: Cell[], i: number): { text: string; offset: number } | null {
  const cell = cells[i]!;
  const colon = cell.text.search(/[:：]/);
  const label = colon >= 0 ? cell.text.slice(0, colon) : cell.text;
  const words = wordsOf(label)
    .map((w) => w.text)
    .join(' ');
  if (!NAME_LABELS.some((p) => p.join(' ') === words)) return null;
  const rest = colon >= 0 ? cell.text.slice(colon + 1).trim() : '';
  if (rest) return { text: rest, offset: cell.offset + cell.text.indexOf(rest, colon) };
  const next = cells[i + 1];
  return next ? { text: next.text, offset: next.offset } : null;
}

// The words that introduce the app or platform that delivers a business's document: "Sent
// using Ledgerly", "Diese E-Mail wurde mit Belegfix versendet", "Enviado con Contabilo",
// "Verstuurd via Boekvogel", "Skickat med Fortnyx", "Powered by …". The name after them is
// the sender's tool, not the issuer.
const SENT_WITH = phrases(
  'sent using',
  'sent with',
  'sent via',
  'sent from',
  'powered by',
  'invoicing by',
  'billing by',
  'created with',
  'gesendet mit',
  'versendet mit',
  'verschickt mit',
  'erstellt mit',
  'gesendet über',
  'bereitgestellt von',
  'envoyé avec',
  'envoyée avec',
  'envoyé via',
  'émise avec',
  'émis avec',
  'facturation gérée par',
  'propulsé par',
  'enviado con',
  'enviada con',
  'enviado desde',
  'enviado a través de',
  'facturación con',
  'generado con',
  'inviato con',
  'inviata con',
  'inviato tramite',
  'generato con',
  'verstuurd via',
  'verstuurd met',
  'verzonden via',
  'verzonden met',
  'gemaakt met',
  'enviado com',
  'emitido com',
  'processado por',
  'wysłana z serwisu',
  'wysłano z serwisu',
  'wysłano z',
  'skickat med',
  'skickad med',
  'skickat från',
  'sendt med',
  'sendt fra',
  'sendt via',
  've službě',
  'odesláno ze služby',
);
// German puts the verb last ("mit Belegfix versendet"), Finnish the service's case ending
// ("Lähetetty Netvisa-palvelusta").
const SENT_VERB_LAST = new Set(['versendet', 'gesendet', 'verschickt', 'erstellt', 'erzeugt']);
// What a marketplace or a delivering app says of itself after its name: "Craftly is not the
// seller", "Targowisko nie jest sprzedawcą", "Fakturnik nie jest wystawcą tej faktury".
const NOT_THE_ISSUER = phrases(
  'is not the seller',
  'is not the issuer',
  'n est pas le vendeur',
  'no es el vendedor',
  'ist nicht der verkäufer',
  'non è il venditore',
  'is niet de verkoper',
  'não é o vendedor',
  'nie jest sprzedawcą',
  'nie jest wystawcą',
  'är inte säljare',
  'er ikke sælger',
);
// "Ledgerly is not responsible for the content of this invoice", "Contabilo … no es responsable
// del contenido de este documento": only about the document (an issuer may disclaim other things).
const NOT_RESPONSIBLE = phrases(
  'is not responsible',
  'no es responsable',
  'n est pas responsable',
  'ist nicht verantwortlich',
  'non è responsabile',
  'is niet verantwoordelijk',
  'não é responsável',
);
const DOCUMENT_WORDS = new Set(
  [
    'invoice',
    'invoices',
    'document',
    'documento',
    'rechnung',
    'dokument',
    'facture',
    'factura',
    'fattura',
    'factuur',
    'fatura',
    'faktura',
    'faktury',
  ].map(fold),
);

/** Capitalised tokens of a name from `from` on (forward) or before `from` (backward), at most three. */
function nameTokens(text: string, from: number, backward: boolean): string[] {
  const tokens = [...(backward ? text.slice(0, from) : text.slice(from)).matchAll(/\S+/g)].map((m) => m[0]);
  if (backward) tokens.reverse();
  const out: string[] = [];
  for (const raw of tokens) {
    const token = trimEnd(raw.replace(/^[("„«]+/, ''), ')"“»,.;:!');
    if (!/^\p{Lu}/u.test(token) || out.length >= 3) break;
    // Reading backward, a full stop before the name ends the sentence before it.
    if (backward && out.length > 0 && /[.!?]$/.test(raw)) break;
    out.push(token);
    if (!backward && raw !== token) break;
  }
  return backward ? out.reverse() : out;
}

/** The names of the apps and platforms a page says deliver it or do not issue it, as folded words. */
function deliveringApps(documents: ReadableDocument[]): Set<string> {
  const out = new Set<string>();
  // The name's first word of its own ("Contabilo" of "Contabilo Software S.L."): a generic word
  // after it ("Software", "Billing") may be in the issuer's name too.
  const add = (tokens: string[]) => {
    const first = tokens.flatMap((t) => wordsOf(t)).find((w) => w.text.length >= 4 && !FORM_SET.has(w.text));
    if (first) out.add(first.text);
  };
  for (const { doc, text } of documents)
    for (const line of linesOf(doc, text))
      for (const cell of line.cells) {
        if (!/\p{Lu}/u.test(cell.text)) continue;
        const words = wordsOf(cell.text);
        for (const p of SENT_WITH)
          for (let at = findPhrase(words, p); at >= 0; at = findPhrase(words, p, at + 1))
            add(nameTokens(cell.text, words[at + p.length - 1]!.end, false));
        for (const p of NOT_THE_ISSUER)
          for (let at = findPhrase(words, p); at >= 0; at = findPhrase(words, p, at + 1))
            add(nameTokens(cell.text, words[at]!.start, true));
        for (const p of NOT_RESPONSIBLE)
          for (let at = findPhrase(words, p); at >= 0; at = findPhrase(words, p, at + 1))
            if (words.slice(at + p.length, at + p.length + 8).some((w) => DOCUMENT_WORDS.has(w.text)))
              add(nameTokens(cell.text, words[at]!.start, true));
        for (const [k, w] of words.entries()) {
          if (w.text === 'mit' && k + 2 < words.length && SENT_VERB_LAST.has(words[k + 2]!.text))
            add(nameTokens(cell.text, w.end, false));
          if (w.text === 'palvelusta' && k > 0 && cell.text[w.start - 1] === '-')
            add([cell.text.slice(words[k - 1]!.start, words[k - 1]!.end)]);
        }
      }
  return out;
}

/** Whether a name is (or contains) a delivering app's name. */
const namesApp = (name: string, apps: Set<string>) => apps.size > 0 && wordsOf(name).some((w) => apps.has(w.text));

// A business register's or tax office's number beside a name in a letterhead or footer line
// ("Studio Jildau Fotografie · KvK 84412277", "Mgr. Tereza Horáková · … · IČO 07418822").
const REGISTRY =
  /^(?:KvK|CVR|Org\.?\s?nr|IČO|IČ|DIČ|Y-tunnus|USt-?Id|Steuer-?nr|SIRET|SIREN|P\.?\s?IVA|Partita IVA|NIF|CIF|NIP|ABN|GSTIN|VAT|Tax ID|btw|BTW|Moms|Company No)\b[^\d\n]{0,12}\d/iu;

/**
 * A name first on a line and the business register's or tax office's number right after it
 * ("Studio Jildau Fotografie · KvK 84412277 · btw-id …"): the business's name, though it has no
 * legal form. Not in a buyer's block, not an app's, not a name with a form (read as a company).
 */
function registeredName(
  line: Line,
  sections: ReturnType<typeof sectionsOf>,
  apps: Set<string>,
): { text: string; offset: number } | null {
  if (line.cells.length === 0 || line.text.length > 300) return null;
  const role = sections.get(line.cells[0]!)?.role;
  if (role === 'buyer' || role === 'delivery') return null;
  const parts = line.cells.flatMap(segmentsOf);
  const head = parts[0];
  // The number right after the name: "Bram de Wit · Kamp 22 · … · KvK …" is its owner and address.
  if (!head || !parts[1] || !REGISTRY.test(parts[1].text)) return null;
  if (!nameLike(head.text) || companyNames(head.text).length > 0 || namesApp(head.text, apps)) return null;
  return head;
}

// The issuer's names are read once per message view: its name and its email both need them.
const namesByView = new WeakMap<MessageView, NameCandidate[]>();

function nameCandidates(documents: ReadableDocument[], view: MessageView): NameCandidate[] {
  const cached = namesByView.get(view);
  if (cached) return cached;
  const names = readNames(documents, view);
  namesByView.set(view, names);
  return names;
}

function readNames(documents: ReadableDocument[], view: MessageView): NameCandidate[] {
  const apps = deliveringApps(documents);
  // A mail sent from the app's own domain: its site is the app's, not the issuer's. In a
  // forward, the forwarder's site is the colleague's: the original sender's tells the issuer.
  const sender = issuerSite(view);
  const site = sender && [...apps].some((a) => siteWord(sender).includes(a)) ? null : sender;
  const own = ownSites(view);
  const out: NameCandidate[] = [];
  const masthead: NameCandidate[] = [];
  for (const { doc, text } of documents) {
    const lines = linesOf(doc, text);
    const sections = sectionsOf(lines);
    // Under a seller's heading, the cell a name label names ("Company name: …"), else its first cell.
    const firstOf = new Set<number>();
    for (const line of lines) {
      const registered = registeredName(line, sections, apps);
      if (registered) {
        const place = placeOf(lines, line.index);
        out.push({
          name: registered.text,
          offset: registered.offset,
          document_index: doc.index,
          score: 0.55 + (place === 'head' ? 0.15 : place === 'foot' ? 0.1 : 0),
          legal: false,
        });
      }
      for (const [i, cell] of line.cells.entries()) {
        const placed = sections.get(cell);
        const role: SectionRole | undefined = placed?.role;
        if (role === 'buyer' || role === 'delivery') continue;
        if (placed && role === 'seller') {
          const named = nameLabelled(line.cells, i);
          // A label's cell ("Nummer" of "Nummer        : GE2020211", colons aligned in a
          // text table) is not the section's first line of text: the name may follow it.
          const labelCell = /[:：]/.test(cell.text) || /^[:：]/.test(line.cells[i + 1]?.text ?? '');
          const first = !firstOf.has(placed.section);
          if (!labelCell || named) firstOf.add(placed.section);
          // "PaczkaBox Sp. z o.o., ul. Półwiejska 9, 61-888 Poznań": the block's one line runs on
          // from a company's name into its address (a place's "Central Station, stop 9" is no name).
          const short = nameBeforeAddress(cell.text);
          const text = short !== cell.text && companyNames(short).length > 0 ? short : cell.text;
          const value = named ?? (first && !labelCell ? { text, offset: cell.offset } : null);
          if (value && !notAName(value.text)) {
            const legal = companyNames(value.text).length > 0;
            out.push({
              name: value.text,
              offset: value.offset,
              document_index: doc.index,
              // The block's place alone vouches for the cell: when the cell does not read as a
              // name (a street and number, an address, a word cut at the line's end) the name's
              // line may be the one the reader lost, and the cell is only a guess.
              score: !legal && !nameShaped(value.text) ? 0.6 : named ? 0.9 : 0.8,
              legal,
            });
          }
        }
        // A booking platform's property under its star rating ("Hotel Karlova Brána ★★★★"): the
        // hotel that the stay is bought from, though no legal form is printed.
        const rated = /^(.{3,80}?)\s*★{1,5}$/u.exec(cell.text);
        if (rated && nameLike(rated[1]!) && role !== 'seller')
          out.push({ name: rated[1]!, offset: cell.offset, document_index: doc.index, score: 0.7, legal: false });
        for (const segment of segmentsOf(cell)) {
          for (const found of companyNames(segment.text)) {
            if (notAName(found.name) || namesApp(found.name, apps)) continue;
            // "Rechnung Nr. 17 Datum: 11.03.2026 Mandant: Muster GmbH": the client's name after its label.
            const before = roleBeforeColon(segment.text.slice(0, found.at));
            if (before === 'buyer' || before === 'delivery' || namedFor(segment.text.slice(0, found.at))) continue;
            if (site && productFor(found.name, site)) continue;
            // "Craftory Marketplace, Inc. is the payment facilitator … and is not the seller".
            const end = segment.offset + found.at + found.name.length;
            if (
              disclaimed(
                found.name,
                segment.text.slice(found.at + found.name.length),
                line.text.slice(end - line.offset),
              )
            )
              continue;
            const place = placeOf(lines, line.index);
            let score = 0.55 + (place === 'head' ? 0.15 : place === 'foot' ? 0.1 : 0) + (role === 'seller' ? 0.2 : 0);
            const sites = !!site && nameMatchesSite(found.name, site);
            if (sites) score += 0.15;
            // A copyright notice the sender's site does not name is the template's or the
            // software's ("(c) AWV e.V." under a visualised invoice): no issuer, and no rival
            // to the one the page names.
            const template = !!found.copyright && !sites;
            if (template) score = Math.min(score, 0.5);
            if ([...own].some((s) => nameIsOwnSite(found.name, s, site))) continue;
            out.push({
              name: found.name,
              offset: segment.offset + found.at,
              document_index: doc.index,
              score,
              legal: !template,
            });
          }
        }
      }
    }
    const heads = site ? letterheadNames(lines, sections, site, doc.index) : [];
    out.push(...(heads.length > 0 ? heads : mailboxLetterheads(lines, sections, view, doc.index)));
    out.push(...behalfNames(lines, doc.index));
    out.push(...proprietorNames(lines, doc.index));
    out.push(...wrappedNames(lines, doc.index));
    if (doc.kind === 'body') masthead.push(...mastheadNames(lines, view, site, doc.index));
    // "Sold by: …" names who sells outright; a "Verkäufer" heading may head an address block.
    const soldBy = new Set(labeledCandidates(SOLD_BY_LABELS, [{ doc, text }], 'string').map((c) => c.offset));
    const shops = new Set(
      labeledCandidates(SHOP, [{ doc, text }], 'string')
        .filter((c) => labelStartsLine(lines, c.offset, SHOP[c.label] ?? ''))
        .map((c) => c.offset),
    );
    out.push(...soldByColumn(lines, doc.index));
    for (const found of labeledCandidates([...SELLER, ...SHOP], [{ doc, text }], 'string')) {
      const shop = found.label >= SELLER.length;
      if (shop && !shops.has(found.offset)) continue;
      const c = { ...found, raw: nameBeforeAddress(found.raw) };
      if (notAName(c.raw) || namesApp(c.raw, apps)) continue;
      // "Lieferant: DHL Paket": a carrier under a supplier's word delivers, it does not sell
      // (unless the mail is the carrier's own).
      const carrier = firstPhrase(wordsOf(c.raw), CARRIERS);
      if (carrier?.at === 0 && !(site && nameMatchesSite(c.raw, site))) continue;
      const cell = lines
        .flatMap((l) => l.cells)
        .find((x) => c.offset >= x.offset && c.offset < x.offset + x.text.length);
      const role = cell ? sections.get(cell)?.role : undefined;
      if (role === 'buyer' || role === 'delivery') continue;
      const legal = companyNames(c.raw).length > 0;
      // One word without a legal form that the sender's site does not name: on a till slip the
      // person who served ("Kasse 1  Verkäufer: Lena", "Vendeur : Paul"), otherwise a bare word;
      // neither settles who issued the page.
      const bare = !legal && wordsOf(c.raw).length === 1 && !(site && nameMatchesSite(c.raw, site));
      out.push({
        name: c.raw,
        offset: c.offset,
        document_index: doc.index,
        // As for a seller block's cell: a label's value that does not read as a name is a guess.
        // A shop's name without a legal form is its sign, a branch's or a brand's: no surer than 0.6.
        score:
          bare || (!legal && !nameShaped(c.raw)) || (shop && !legal)
            ? Math.min(bare ? 0.5 : 0.6, c.base * 0.9)
            : c.base * 0.9,
        legal,
        seller: soldBy.has(c.offset),
        ...(shop ? { shop } : {}),
      });
    }
  }
  const provided = new Set(documents.flatMap((d) => providers(d.text)));
  const addressee = addresseeCells(documents);
  // A self-billing invoice is issued by the customer, who sends it: its names are the buyer's.
  const buyerSends = !!site && selfBilled(documents);
  out.push(...documents.flatMap(({ doc, text }) => thanksNames(linesOf(doc, text), view, site, doc.index)));
  // The masthead's trading name only where the page names no issuer otherwise: beside a legal
  // name it would only repeat it.
  return (out.length > 0 ? out : masthead).filter(
    (c) =>
      ![...own].some((s) => nameIsOwnSite(c.name, s, site)) &&
      !namesApp(c.name, apps) &&
      !provided.has(normalName(c.name)) &&
      !addressee.has(`${c.document_index}:${c.offset}`) &&
      !(buyerSends && nameMatchesSite(c.name, site!)),
  );
}

/**
 * A legal name a narrow slip wrapped before its form ("Harbour View Trading Company" over
 * "Limited   BR No. 1234"): the line's last cell and the next line's form are one name.
 */
function wrappedNames(lines: Line[], documentIndex: number): NameCandidate[] {
  const out: NameCandidate[] = [];
  for (const line of lines.slice(1)) {
    const first = line.cells[0];
    const before = lines[line.index - 1]!.cells.at(-1);
    // The next line starts with a form alone: a name of its own there is no wrapped one.
    if (!first || !before || first.start > 0 || !/^\p{Lu}/u.test(first.text)) continue;
    if (companyNames(first.text).length > 0 || companyNames(before.text).length > 0) continue;
    const joined = `${before.text} ${first.text}`;
    for (const found of companyNames(joined)) {
      if (found.at >= before.text.length || found.at + found.name.length <= before.text.length + 1) continue;
      if (notAName(found.name)) continue;
      const place = placeOf(lines, line.index);
      out.push({
        name: found.name,
        offset: before.offset + found.at,
        document_index: documentIndex,
        score: 0.55 + (place === 'head' ? 0.15 : place === 'foot' ? 0.1 : 0),
        legal: true,
      });
    }
  }
  return out;
}

/**
 * The sender's product bought for a customer's company, as a subscription's mail words it
 * ("Thanks for renewing Acme Teams for Birchwood Dental Ltd"): the words before "for" name the
 * sender's plan, the legal name after it the customer. The whole is no party's name.
 */
function productFor(name: string, site: string): boolean {
  const words = name.split(' ');
  const at = words.lastIndexOf('for');
  if (at < 1) return false;
  const customer = words.slice(at + 1).join(' ');
  return (
    nameMatchesSite(words.slice(0, at).join(' '), site) &&
    !nameMatchesSite(customer, site) &&
    companyNames(customer).length > 0
  );
}

// A letter's sentence naming whom its document is made out to: "Segue a Fatura-Recibo …,
// emitida em 08-03-2026 em nome de Atlântico Consultores, Lda.": the buyer, not the issuer.
const MADE_OUT_TO = phrases('em nome de');

/** Whether the words right before a name say the document is made out to it. */
function namedFor(before: string): boolean {
  const words = wordsOf(before.slice(-40));
  return MADE_OUT_TO.some((p) => p.length <= words.length && findPhrase(words, p, words.length - p.length) >= 0);
}

// "Self-billing invoice", "autofacturation", "Gutschriftsverfahren": the customer issues the
// invoice for its supplier, who is the vendor.
const SELF_BILLING =
  /\b(?:self[- ]billing|self[- ]billed|autofacturation|autofactura|autofattura|zelffacturatie|samofakturowani\p{L}*|självfakturer\p{L}*|gutschriftsverfahren|gutschriftverfahren)\b/iu;

function selfBilled(documents: ReadableDocument[]): boolean {
  return documents.some((d) => SELF_BILLING.test(d.text));
}

/**
 * The name a display name "X via Y" stands for: X, on whose behalf Y (a billing or invoicing
 * service) sends ("Ellie Marsh Photography via FreshLedger").
 */
export function onBehalfName(display: string): string {
  const text = caseless(display);
  const at = text.original(text.lower.lastIndexOf(' via '));
  return at > 0 ? display.slice(0, at).trim() : display;
}

// "Powered by Toast", "operated by DELTA AIR LINES INC": the software that sent the receipt, the
// carrier that flies the booking; neither is who sold it, wherever else the page names them.
const PROVIDED_BY = /\b(powered|operated|processed|processing) by /gi;
// A carrier's "operated by" starts its line or follows the flight ("DL 7976 operated by …",
// "Flight operated by …"); "This store is operated by Fernleaf Goods Ltd." names the seller.
const FLIGHT_MARK = /\b[A-Z][A-Z0-9] ?\d{1,4}\b|\b(?:flight|flug|vol|vuelo)\b/gi;

/** Whether `text` ends with a flight's mark ("… DL 7976", "… Flight"). */
const endsWithFlight = (text: string) =>
  [...text.matchAll(FLIGHT_MARK)].some((m) => m.index + m[0].length === text.length);

/** The last line with text before the line starting at `start`. */
function lineBefore(text: string, start: number): string {
  let end = start - 1;
  while (end > 0) {
    const from = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(from, end).trim();
    if (line) return line;
    end = from - 1;
  }
  return '';
}

/** The names a page says provide or operate the service: up to six words, to the end of the phrase. */
function providers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PROVIDED_BY)) {
    if (m[1]!.toLowerCase() === 'operated') {
      const start = text.lastIndexOf('\n', m.index) + 1;
      const before = text.slice(start, m.index).trim();
      if (before && !endsWithFlight(before.slice(-12))) continue;
      // At the start of its line, under a flight's line ("MA 1182 RDU → DEN" over "Operated by
      // …"): the carrier. Under anything else (a garage's "Operated by … LLC" in its small print)
      // it names who runs the place, the seller.
      if (!before && lineBefore(text, start).search(FLIGHT_MARK) < 0) continue;
    }
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 80).split('\n')[0]!;
    const words: string[] = [];
    for (const token of rest.split(/\s+/)) {
      if (!token || words.length === 6) break;
      words.push(token);
      if (/[.,;:!?)]$/.test(token)) break;
    }
    const key = normalName(words.join(' '));
    if (key) out.push(key);
  }
  return out;
}

// A receipt's own words for whom it was bought from: "Here's your receipt for Boogy & Peel",
// "Thank you for choosing Chase Travel", "Thanks for shopping at Lowe's", "Vielen Dank für Ihren
// Einkauf bei …". Each phrase ends where the name begins.
const THANKS = [
  'receipt for',
  'receipt from',
  'ordered from',
  'your order from',
  'thank you for choosing',
  'thanks for choosing',
  'thank you for shopping at',
  'thanks for shopping at',
  'thank you for shopping with',
  'thanks for shopping with',
  'thank you for dining at',
  'thanks for dining at',
  'thank you for dining with',
  'thanks for dining with',
  'thank you for your purchase at',
  'thank you for your purchase from',
  'thank you for your order from',
  'thanks for your order from',
  'einkauf bei',
  'bestellung bei',
  'achat chez',
  "merci d'avoir choisi",
  'aankoop bij',
  'bestelling bij',
  'gracias por elegir',
  'compra en',
];
// Words that follow such a phrase without naming a party ("receipt for your order", "for Order #12").
const NOT_A_PARTY = new Set([
  'your',
  'our',
  'us',
  'the',
  'this',
  'order',
  'invoice',
  'payment',
  'purchase',
  'subscription',
  'ihre',
  'ihren',
  'votre',
  'uw',
  'je',
  'su',
  'tu',
]);

/**
 * The party a receipt's running text thanks the buyer for buying from, when a capitalised name
 * follows the phrase: 0.75, 0.85 when the mail's sender bears the same name. A name that is the
 * sender's own platform (a delivery app's receipt for a restaurant) is no different in form:
 * the phrase says whom the receipt is for.
 */
function thanksNames(lines: Line[], view: MessageView, site: string | null, documentIndex: number): NameCandidate[] {
  const display = fold(view.from?.name ?? '').trim();
  const out: NameCandidate[] = [];
  for (const line of lines) {
    if (line.text.length > 300) continue;
    const { lower, original } = caseless(line.text);
    for (const phrase of THANKS) {
      const at = lower.indexOf(`${phrase} `);
      if (at < 0 || (at > 0 && /\p{L}/u.test(lower[at - 1]!))) continue;
      const start = original(at + phrase.length + 1);
      const words: string[] = [];
      for (const token of line.text.slice(start).split(' ')) {
        if (!token || words.length === 6) break;
        words.push(token);
        if (/[.,;:!?]$/.test(token)) break;
      }
      const name = trimEnd(words.join(' '), '.,;:!?');
      if (!name || NOT_A_PARTY.has(fold(words[0]!)) || !nameShaped(name) || notAName(name)) continue;
      // The sender's own name as the mail's display name prints it; a longer name that only
      // shares the site's word may be a branch ("e-receipt from Pennywell Leeds Kirkstall").
      const own = (display && fold(name) === display) || (site !== null && nameIsSite(wordsOf(name), site));
      out.push({
        name,
        offset: line.offset + start,
        document_index: documentIndex,
        score: own ? 0.85 : 0.75,
        legal: companyNames(name).length > 0,
      });
      break;
    }
  }
  return out;
}

/** Whether every word of a name is in the site's name ("Wick & Ember", wickandember.example): the name is the site's. */
function nameIsSite(words: readonly { text: string }[], site: string): boolean {
  const word = siteWord(site);
  const named = words.filter((w) => !NAME_CONNECTORS.has(w.text));
  return word.length > 0 && named.length > 0 && named.every((w) => w.text.length >= 3 && word.includes(w.text));
}

/** The name a subject gives after its last "from" ("Invoice - INV-000027 from Mehr Studio"), folded; else "". */
function subjectIssuer(subject: string): string {
  const text = subject.trim();
  const lowered = caseless(text);
  const found = lowered.lower.lastIndexOf(' from ');
  if (found < 0) return '';
  const at = lowered.original(found);
  let name = text.slice(at + 6).trim();
  while (name.endsWith('.') || name.endsWith('!')) name = name.slice(0, -1);
  return name.length >= 2 && name.length <= 60 && !name.includes(':') ? fold(name) : '';
}

/**
 * A mail's masthead: the shop's or service's name alone on one of its first lines ("Wick &
 * Ember", "Skillhaven"), as shop and billing systems print it above the message. It names the
 * issuer only where the sender agrees: the name is the From display name or the sender's site.
 * A trading name without a legal form, so weaker than a legal entity in the footer.
 */
function mastheadNames(lines: Line[], view: MessageView, site: string | null, documentIndex: number): NameCandidate[] {
  // A forward's masthead is the original sender's: the colleague who forwarded it names no shop.
  const display = fold(onBehalfName((forwardedFrom(view) ?? view.from)?.name ?? '')).trim();
  // "Invoice - INV-000027 from Mehr Studio": the subject names whom the document is from, as an
  // invoicing app writes it for its user (whose own name may be the display name).
  const subjectFrom = subjectIssuer(view.subject);
  const out: NameCandidate[] = [];
  let filled = 0;
  for (const line of lines) {
    if (line.cells.length === 0) continue;
    if (++filled > 3) break;
    for (const cell of line.cells) {
      const text = cell.text.trim();
      const words = wordsOf(text);
      if (words.length === 0 || words.length > 4 || /\d/.test(text) || notAName(text)) continue;
      const subjectNames = subjectFrom !== '' && fold(text) === subjectFrom;
      if (subjectNames || (display && fold(text) === display) || (site && nameIsSite(words, site)))
        out.push({
          name: text,
          offset: cell.offset,
          document_index: documentIndex,
          score: subjectNames ? 0.75 : 0.7,
          legal: false,
        });
    }
  }
  return out;
}

/**
 * Whether a cell can be a party's name: a capital first, no digits (a street and number, a
 * postcode), no contact marks, no word cut at the line's end. "A/S", "c/o" are names' marks.
 */
function nameShaped(text: string): boolean {
  const t = text.trim();
  return /^\p{Lu}/u.test(t) && !/[\d@_]|www\./i.test(t) && !t.endsWith('-');
}

/** Whether a letterhead's text reads as a name: two to six capitalised words, no digits or contact marks. */
function nameLike(text: string): boolean {
  if (/[\d@:/]|www\./i.test(text) || notAName(text)) return false;
  const tokens = text.split(/\s+/);
  if (tokens.length < 2 || tokens.length > 6) return false;
  if (tokens.filter((t) => t.length > 1).length < 2) return false;
  return tokens.every((t) => capitalised(t) || NAME_CONNECTORS.has(t.toLowerCase()) || DEGREE_PARTS.has(t));
}

// The small words of a doctor's degree in a practice's name: "Dr. med. dent. Anja Roth".
const DEGREE_PARTS = new Set(['med.', 'dent.', 'vet.', 'jur.', 'rer.', 'nat.', 'phil.', 'oec.', 'pol.', 'habil.']);

/**
 * A letterhead without a legal form (a sole trader, a firm's trading name): the first name among
 * the first cells of the page's first three lines, when it shares a word with the sender's site
 * ("Lucía Romero Prieto", sent from romero-traducciones.example). Below a company name in a
 * letterhead (0.85), so a shop's brand beside its legal name is no rival to it; at 0.7 it is
 * not applied on its own.
 */
function letterheadNames(
  lines: Line[],
  sections: ReturnType<typeof sectionsOf>,
  site: string,
  documentIndex: number,
): NameCandidate[] {
  const out: NameCandidate[] = [];
  let seen = 0;
  for (const line of lines) {
    if (line.cells.length === 0) continue;
    if (++seen > 3) break;
    const cell = line.cells[0]!;
    const role = sections.get(cell)?.role;
    if (role === 'buyer' || role === 'delivery') continue;
    const first = segmentsOf(cell)[0];
    if (!first || !nameLike(first.text)) continue;
    // A short mail's sign-off ("Ihr Praxisteam Dr. Roth", "Your Acme team") names who signs, in a
    // closing's words: no letterhead.
    if (SIGN_OFF.has(wordsOf(first.text)[0]?.text ?? '')) continue;
    // The first name is the letterhead's; a line under it is its trade or tagline.
    if (nameMatchesSite(first.text, site))
      out.push({ name: first.text, offset: first.offset, document_index: documentIndex, score: 0.7, legal: false });
    break;
  }
  return out;
}

/**
 * A sole trader writing from a mail provider's address names the trade in its mailbox
 * ("J. HARKER PLUMBING & HEATING", harkerplumbing@…): the letterhead is the issuer's when two of
 * its words make up the sender's local part (one word may be a person's or a generic mailbox's).
 */
function mailboxLetterheads(
  lines: Line[],
  sections: ReturnType<typeof sectionsOf>,
  view: MessageView,
  documentIndex: number,
): NameCandidate[] {
  const address = view.from?.address ?? '';
  const local = fold(address.slice(0, address.lastIndexOf('@'))).replace(/[^a-z0-9]/g, '');
  if (local.length < 8) return [];
  return letterheadNames(lines, sections, local, documentIndex).filter(
    (c) => wordsOf(c.name).filter((w) => w.text.length >= 4 && local.includes(w.text)).length >= 2,
  );
}

// A company the page says does not sell: a payment facilitator, a marketplace that only mediates.
const NOT_THE_SELLER =
  /^[^.]{0,60}\b(?:is not the seller|payment facilitator|acts as (?:a )?marketplace|marketplace only|est un intermédiaire|n'est pas le vendeur|agit en qualité d['’]intermédiaire|does not charge you|ist nicht (?:der )?verkäufer|nur als vermittler|non è il venditore|no es el vendedor)/i;

/**
 * Whether the words after a company's name say it does not sell: right after it ("… is not the
 * seller"), or in the next sentence, its name's first word the subject ("Roomtrail B.V. ·
 * Herengracht 500, Amsterdam. Roomtrail does not charge you for this booking").
 */
function disclaimed(name: string, after: string, lineAfter: string): boolean {
  if (NOT_THE_SELLER.test(after.slice(0, 120))) return true;
  const stop = /^[^.]{0,60}\.\s+/.exec(lineAfter);
  const brand = wordsOf(name)[0]?.text;
  if (!stop || !brand) return false;
  const next = lineAfter.slice(stop[0].length, stop[0].length + 120);
  const subject = /^\S+/.exec(next)?.[0] ?? '';
  return fold(subject) === brand && NOT_THE_SELLER.test(next.slice(subject.length));
}

// A letter's or a mail's greeting names the customer ("Dear Dr. Okafor,", "Bonjour Claire,").
const GREETING =
  /^(?:Dear|Hi|Bonjour|Sehr geehrter? (?:Herr|Frau)|Gentile|Olá|Estimad[ao])[ \t]+(\S[^,:\n]{0,59})[,:]/gmu;
// Titles and a greeting's words for nobody in particular ("Dear Sir or Madam,") name no one.
const TITLES = new Set(['dr', 'dra', 'mr', 'mrs', 'ms', 'and', 'sir', 'madam']);

/**
 * The cells of the block a greeting's person heads ("Dr. Nkechi Okafor" over "Harbor Acoustic
 * Consulting LLC" and an address, the mail saying "Dear Dr. Okafor"): the customer's name and
 * company, as a letter's address block prints them, not the issuer's. Keyed by document and offset.
 */
function addresseeCells(documents: ReadableDocument[]): Set<string> {
  const greeted = new Set<string>();
  for (const { text } of documents)
    for (const m of text.matchAll(GREETING))
      for (const t of m[1]!.split(/\s+/)) {
        const w = fold(t).replace(/[^\p{L}]/gu, '');
        if (/^\p{Lu}/u.test(t) && w.length >= 3 && !TITLES.has(w)) greeted.add(w);
      }
  const out = new Set<string>();
  if (greeted.size === 0) return out;
  for (const { doc, text } of documents) {
    const lines = linesOf(doc, text);
    for (const line of lines)
      for (const cell of line.cells) {
        const words = wordsOf(cell.text);
        // The greeting's own line is no block's head.
        if (
          words.length > 5 ||
          /\d/.test(cell.text) ||
          cell.text.search(GREETING) >= 0 ||
          companyNames(cell.text).length > 0
        )
          continue;
        if (!words.some((w) => greeted.has(w.text)) || !nameShaped(cell.text.replace(/^\p{Lu}\p{Ll}{0,3}\.\s+/u, '')))
          continue;
        let at = line.index;
        for (let k = 0; k < 3; k++) {
          const next = nextFilled(lines, at);
          if (!next) break;
          const under = cellUnder(next, cell.start, cell.end);
          if (under) out.add(`${doc.index}:${under.offset}`);
          at = next.index;
        }
      }
  }
  return out;
}

const SIGN_OFF = new Set(['ihr', 'ihre', 'dein', 'deine', 'euer', 'eure', 'your', 'votre', 'vos', 'uw', 'jullie']);

// A document issued by an agent for the seller: a ride or delivery platform's receipt, a
// marketplace's order mail.
const ON_BEHALF =
  /\b(on behalf of|as (an |the )?(intermediary|agent)|acts as (the )?\S{1,30} (commercial )?agent|au nom et pour le compte|pour le compte d|im namen (und auf rechnung )?d|vermittelt|in nome e per conto|per conto d|come intermediario|en nombre y por cuenta|por cuenta d|como intermediari|namens\b|bemiddelt\b|w imieniu|välittää)/i;

/**
 * An Italian sole trader's business as its letterhead prints it: the sign and "di" with the
 * owner's name, on one line ("BAR SPORT di Rossi Mario") or under the sign ("TRATTORIA DA
 * NANDO" over "di Nando Ferri"). The sign and its owner are the registered name.
 */
function proprietorNames(lines: Line[], documentIndex: number): NameCandidate[] {
  const out: NameCandidate[] = [...footerProprietors(lines, documentIndex), ...tradingNameOwners(lines, documentIndex)];
  let previous: Cell | null = null;
  let filled = 0;
  for (const line of lines) {
    if (line.cells.length === 0) continue;
    if (++filled > 6) break;
    const cell = line.cells[0]!;
    const tokens = [...cell.text.matchAll(/\S+/g)];
    const k = tokens.findIndex((t) => t[0] === 'di');
    const owner = k >= 0 ? tokens.slice(k + 1) : [];
    const ownerName = owner.length >= 2 && owner.length <= 4 && owner.every((t) => /^\p{Lu}\p{Ll}+$/u.test(t[0]));
    const sign = k > 0 ? cell.text.slice(0, tokens[k]!.index).trim() : k === 0 ? (previous?.text ?? '') : '';
    if (ownerName && sign && !/\d/.test(sign) && !notAName(sign)) {
      const offset = k > 0 ? cell.offset : previous!.offset;
      out.push({
        name: `${sign} ${cell.text.slice(tokens[k]!.index)}`,
        offset,
        document_index: documentIndex,
        score: 0.8,
        legal: true,
      });
    }
    previous = cell;
  }
  return out;
}

/**
 * The same firm line in a page's small print, before its address and tax ids ("Il Glicine di
 * Lucia Bernardi · Via dei Rossi 61 · 53100 Siena · C.F. …"): the registered name, as a footer
 * prints a company's.
 */
function footerProprietors(lines: Line[], documentIndex: number): NameCandidate[] {
  const out: NameCandidate[] = [];
  const filled = lines.filter((l) => l.cells.length > 0);
  for (const line of filled.slice(-6)) {
    const segments = line.cells.length > 1 ? line.cells : segmentsOf(line.cells[0]!);
    if (segments.length < 2 || !segments.slice(1).some((s) => /\d/.test(s.text))) continue;
    const first = segments[0]!;
    const tokens = [...first.text.matchAll(/\S+/g)];
    const k = tokens.findIndex((t) => t[0] === 'di');
    const owner = k > 0 ? tokens.slice(k + 1) : [];
    const sign = k > 0 ? first.text.slice(0, tokens[k]!.index).trim() : '';
    if (owner.length < 2 || owner.length > 4 || !owner.every((t) => /^\p{Lu}\p{Ll}+$/u.test(t[0]))) continue;
    if (!sign || /\d/.test(sign) || notAName(sign)) continue;
    out.push({ name: first.text, offset: first.offset, document_index: documentIndex, score: 0.8, legal: true });
  }
  return out;
}

// "Pryce Plumbing & Heating is a trading name of Gareth Pryce": a British sole trader's small
// print names the person (or company) who trades under the letterhead's name.
const TRADING_NAME_OF = /\bis a trading name of ((?:\p{Lu}[\p{L}'’.-]*)(?: (?:&|and|\p{Lu}[\p{L}'’.-]*)){1,5})/u;

/** The party a trading name belongs to, as the page's small print says: the entity a bookkeeper files. */
function tradingNameOwners(lines: Line[], documentIndex: number): NameCandidate[] {
  const out: NameCandidate[] = [];
  for (const line of lines) {
    for (const cell of line.cells) {
      const found = TRADING_NAME_OF.exec(cell.text);
      if (!found || notAName(found[1]!)) continue;
      const name = trimEnd(found[1]!, '.');
      out.push({
        name,
        offset: cell.offset + found.index + found[0].length - found[1]!.length,
        document_index: documentIndex,
        // Beside the trading name the letterhead prints: which the books file is house style.
        score: 0.75,
        legal: true,
      });
    }
  }
  return out;
}

// Who a platform acts for, named before the person's name: "on behalf of your driver, …".
const BEHALF_ROLE = new Set([
  'your',
  'the',
  'our',
  'du',
  'de',
  'la',
  'le',
  'del',
  'des',
  'driver',
  'captain',
  'host',
  'partner',
  'seller',
  'merchant',
  'restaurant',
  'chauffeur',
  'conducteur',
  'vendeur',
  'conductor',
  'vendedor',
  'autista',
  'venditore',
  'fahrers',
  'fahrerin',
  'verkäufers',
  'bestuurder',
  'kierowcy',
]);
// A tax or business registration number in parentheses after a name marks a business:
// "Aaron Whitfield (ABN 51 824 753 556)", "Karim Benali (SIRET 841 …)".
const TAX_ID_WORDS = new Set([
  'abn',
  'acn',
  'siret',
  'siren',
  'vat',
  'ust',
  'ust-idnr',
  'uid',
  'nif',
  'cif',
  'nie',
  'p.iva',
  'piva',
  'kvk',
  'gst',
  'gstin',
  'ein',
  'tin',
  'btw',
  'org.nr',
  'nip',
  'cnpj',
  'cpf',
]);

/**
 * The person a platform's receipt is issued for: after "on behalf of" (and the role's words,
 * "your driver,"), a name of capitalised words followed by the person's tax or business
 * number in parentheses. A sole trader the page registers this way is the seller, as a legal
 * form would make it.
 */
function behalfNames(lines: Line[], documentIndex: number): NameCandidate[] {
  const out: NameCandidate[] = [];
  for (const line of lines) {
    for (const cell of line.cells) {
      const m = ON_BEHALF.exec(cell.text);
      if (!m) continue;
      const tokens = [...cell.text.slice(m.index + m[0].length).matchAll(/\S+/g)];
      let i = 0;
      while (i < tokens.length && BEHALF_ROLE.has(trimEnd(tokens[i]![0], ',:').toLowerCase())) i++;
      const first = i;
      while (i < tokens.length && i - first < 5 && /^\p{Lu}\p{Ll}/u.test(tokens[i]![0]) && !tokens[i]![0].includes('('))
        i++;
      const next = tokens[i]?.[0] ?? '';
      const id = fold(next.replace(/^\(/, '').replace(/[:,]$/, ''));
      if (i - first < 2 || !next.startsWith('(') || !TAX_ID_WORDS.has(id)) continue;
      const start = m.index + m[0].length + tokens[first]!.index;
      const last = tokens[i - 1]!;
      const name = trimEnd(cell.text.slice(start, m.index + m[0].length + last.index + last[0].length), ',');
      out.push({ name, offset: cell.offset + start, document_index: documentIndex, score: 0.8, legal: true });
    }
  }
  return out;
}

// A merchant of record or reseller sells in its own name, on behalf of the maker or not.
const SELLS_ITSELF =
  /\b(merchant of record|as (the )?reseller|wiederverkäufer|revendeur agréé|händler im eigenen namen)/i;

// Legal forms written out in full, as the same company prints them beside their abbreviation
// ("ABC Spółka z ograniczoną odpowiedzialnością" in the header, "ABC Sp. z o.o." under the
// greeting): one party, not two.
const SPELLED_FORMS = new Set([
  'spolkazograniczonaodpowiedzialnoscia',
  'spolkaakcyjna',
  'spolkajawna',
  'spolkakomandytowa',
  'gesellschaftmitbeschrankterhaftung',
  'aktiengesellschaft',
  'societaaresponsabilitalimitata',
  'societaperazioni',
  'sociedadlimitada',
  'sociedadanonima',
  'societeanonyme',
  'societearesponsabilitelimitee',
  'sociedadeporquotas',
  'besloten vennootschap'.replace(/ /g, ''),
  'naamlozevennootschap',
]);

/** A name without its legal form, abbreviated or written out, for grouping one party's spellings. */
const normalName = (name: string) => {
  const words = wordsOf(name).map((w) => w.text);
  // A form of several words at the end ("sp z o o", "spolka z ograniczona odpowiedzialnoscia").
  for (let k = Math.min(5, words.length - 1); k >= 2; k--) {
    const tail = words.slice(-k).join('');
    if (FORM_SET.has(tail) || SPELLED_FORMS.has(tail)) {
      words.length -= k;
      break;
    }
  }
  return words.filter((w) => !FORM_SET.has(w)).join(' ');
};

export function vendorName(documents: ReadableDocument[], view: MessageView): PrintedCandidate[] {
  const all = nameCandidates(documents, view);
  if (all.length === 0) return [];
  const groups = new Map<string, NameCandidate[]>();
  for (const c of all) {
    const key = normalName(c.name);
    if (key) groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const scored = [...groups.values()].map((list) => {
    // The fullest spelling (with its legal form) stands for the group; each repetition adds a little.
    const best = list.reduce((a, b) =>
      b.score > a.score || (b.score === a.score && b.name.length > a.name.length) ? b : a,
    );
    // Of the legal spellings, the fullest ("… GmbH & Co. KG" over "… GmbH").
    const words = (c: NameCandidate) => wordsOf(c.name).length;
    const legals = list.filter((c) => c.legal);
    // Of as many words, the one with more letters ("Spółka z ograniczoną odpowiedzialnością" over
    // "Sp. z o.o."; a sentence's full stop after a name adds none).
    const letters = (c: NameCandidate) => c.name.replace(/[^\p{L}\p{N}]/gu, '').length;
    const fuller = (a: NameCandidate, b: NameCandidate) =>
      words(b) > words(a) || (words(b) === words(a) && letters(b) > letters(a));
    const legal = legals.length > 0 ? legals.reduce((a, b) => (fuller(a, b) ? b : a)) : best;
    return {
      shown: legal.legal ? legal : best,
      score: Math.min(0.95, best.score + 0.05 * Math.min(2, list.length - 1)),
      count: list.length,
      seller: list.some((c) => c.seller),
      shop: list.some((c) => c.shop),
    };
  });
  // A shorter name inside a longer one is the same party ("Kontorwerk" in "Kontorwerk Bürobedarf GmbH").
  scored.sort((a, b) => b.score - a.score);
  // A platform's receipt "issued on behalf of" the seller (a driver, a restaurant): the sender's
  // own name on it is the agent's; who sold is the legal entity the page names besides it.
  // A forward's agent page is read against the original sender's site, not the colleague's.
  const site = issuerSite(view);
  const agentPage =
    !!site && documents.some((d) => ON_BEHALF.test(d.text)) && !documents.some((d) => SELLS_ITSELF.test(d.text));
  const seller = agentPage ? scored.find((s) => s.shown.legal && !nameMatchesSite(s.shown.name, site!)) : undefined;
  // A brand line (no legal form) ahead of a legal entity the page prints nearly as surely: the
  // entity is who sells ("FRISCHMARKT" over "Frischmarkt Nord GmbH", a shop's sign over its
  // operator's name in the footer).
  // A name the page labels as the seller ("Sold by: Harbor Gadget Co." on a marketplace's
  // order) is no brand line: the legal entity in the footer is the marketplace's.
  // So is a brand the page repeats, where the entity's name starts with it ("Meridian Air" in
  // the masthead and the thanks, "Meridian Airlines, Inc." in the footer): the brand spelt out.
  // A brand spelt out is the same party however surely the brand is read ("Harbour Digital" in
  // a slip's head and the mail's thanks, "Harbour Digital Trading Company Limited" in its foot).
  const brand = normalName(scored[0]!.shown.name);
  const spelledOut = (s: (typeof scored)[number]) =>
    brand.length > 0 && normalName(s.shown.name).startsWith(`${brand} `);
  const entity =
    !scored[0]!.shown.legal && !scored[0]!.seller
      ? scored.find(
          (s) =>
            s.shown.legal &&
            (spelledOut(s) ||
              (s.score >= scored[0]!.score - 0.15 &&
                (scored[0]!.score < 0.9 || normalName(s.shown.name).startsWith(brand)))),
        )
      : undefined;
  // A marketplace's page: the seller its "Sold by" label names, over the platform's own entity
  // (the sender's site's) in its small print ("Tradewell Business is operated by …").
  const labelled =
    !seller && !entity && site && nameMatchesSite(scored[0]!.shown.name, site)
      ? scored.find((s) => s.seller && !nameMatchesSite(s.shown.name, site))
      : undefined;
  const chosen = seller ?? entity ?? labelled;
  // Whether the agent's page put its own name first: the seller is then read against it.
  const agentFirst = !!seller && scored[0] !== seller;
  if (chosen) scored.unshift(...scored.splice(scored.indexOf(chosen), 1));
  const [top, ...rest] = scored;
  // The same party spelt in full, and more than once, elsewhere on the page ("Restaurant Supply
  // Co." under a logo's "GREAT LAKES", "Great Lakes Restaurant Supply Co." twice in its
  // footer): the fullest spelling. Once only, the longer text may be a sentence's words before
  // the name ("Questions? Contact Tessellate Labs, Inc.").
  const topName = ` ${normalName(top!.shown.name)} `;
  const fuller = rest
    .filter((r) => {
      const n = ` ${normalName(r.shown.name)} `;
      // Or once, running on after the name ("Vereniging Nederlandse" over a line break, in full
      // in the footer): words after a name are no sentence's.
      return (
        (r.count >= 2 || (n.startsWith(topName) && !n.slice(topName.length).includes(topName.trim()))) &&
        n.length > topName.length &&
        n.includes(topName) &&
        r.shown.legal === top!.shown.legal
      );
    })
    .sort((a, b) => b.shown.name.length - a.shown.name.length)[0];
  const rival = rest.find((r) => {
    const a = normalName(r.shown.name);
    const b = normalName(top!.shown.name);
    return !a.includes(b) && !b.includes(a);
  });
  let confidence = top!.score;
  if (rival && rival.score >= confidence - 0.1) confidence = Math.min(confidence, 0.6);
  // A name without a legal form (a brand, an app, a platform, a block's first line) while the
  // page prints a legal entity of another name: which of the two issued the document is not
  // settled by the brand's place on the page (a marketplace's seller, a franchisee).
  const otherLegal = rest.some((r) => {
    const a = normalName(r.shown.name);
    const b = normalName(top!.shown.name);
    return r.shown.legal && !a.includes(b) && !b.includes(a);
  });
  // A name a seller label and its repetitions vouch for (0.9 and above) stands.
  if (!top!.shown.legal && otherLegal && top!.score < 0.9) confidence = Math.min(confidence, 0.7);
  // An owner's company after an owner's word ("Prop. Harbour Catering Ltd") under the trading
  // name the page also prints: both name the one issuer, and which a bookkeeper files is a
  // matter of house style. (An "Inh. … e.K." line names a person and is no candidate at all.)
  if (rest.some((r) => !r.shown.legal) && ownerName(documents, top!.shown)) confidence = Math.min(confidence, 0.7);
  // The person or company a trading name belongs to: the page names both, and which one the
  // books file is house style.
  // (A company's trading name is the company's: its legal name is filed, as any brand's entity.)
  if (!top!.shown.legal || companyNames(top!.shown.name).length === 0)
    if (tradingNameOwner(documents, top!.shown)) confidence = Math.min(confidence, 0.7);
  // The sender's own company on a page whose shop label names another party (a delivery
  // platform's receipt for a restaurant): which of the two sold is the page's house style.
  if (
    site &&
    nameMatchesSite(top!.shown.name, site) &&
    rest.some((r) => r.shop && !nameMatchesSite(r.shown.name, site))
  )
    confidence = Math.min(confidence, 0.6);
  // On an agent's page the seller is read from its running text, and the agent's own name is
  // no issuer: neither is sure.
  if (agentFirst) confidence = Math.min(confidence, 0.7);
  else if (agentPage && nameMatchesSite(top!.shown.name, site!)) confidence = Math.min(confidence, 0.6);
  const shown = fuller?.shown ?? top!.shown;
  return [
    {
      raw: shown.name,
      confidence: Math.round(confidence * 1000) / 1000,
      document_index: shown.document_index,
      offset: shown.offset,
      why: 'issuer',
    },
  ];
}

// A platform's receipt names the shop it sold for: "Restaurant: Pizzeria Da Carmine, Inh. …",
// "Loja: Açaí do Porto Ltda – CNPJ …".
const SHOP = [
  'Restaurant',
  'Restaurante',
  'Ristorante',
  'Merchant',
  'Store',
  'Shop',
  'Händler',
  'Geschäft',
  'Commerçant',
  'Magasin',
  'Tienda',
  'Comercio',
  'Negozio',
  'Esercente',
  'Loja',
  'Winkel',
  'Sklep',
  'Butik',
  // A hawker centre's ordering app names the stall that cooked: "Stall | Ah Seng Chicken Rice (#01-23)".
  'Stall',
];

/** Whether the label of a value at `offset` starts the value's line ("Restaurant: …"), not a sentence's end. */
function labelStartsLine(lines: Line[], offset: number, label: string): boolean {
  const line = lines.find((l) => offset >= l.offset && offset <= l.offset + l.text.length);
  return !!line && fold(line.text.trimStart()).startsWith(fold(label));
}

/**
 * A label's value up to where the address or register number after the name starts: "Lantern
 * Foods Ltd t/a Spice Lantern, 14 Chapel Street, Leeds" is "Lantern Foods Ltd t/a Spice Lantern",
 * "Açaí do Porto Ltda – CNPJ 41.882.044/0001-70" is "Açaí do Porto Ltda".
 */
function nameBeforeAddress(value: string): string {
  // A stall's or a shop's unit after its name: "Ah Seng Chicken Rice (#01-23)".
  const unit = /\s\(#?\d[\d-]{0,8}\)$/.exec(value);
  if (unit && unit.index >= 3) return value.slice(0, unit.index);
  const cut = /,\s|\s[–—·|]\s/.exec(value);
  if (!cut || cut.index < 3) return value;
  const rest = value.slice(cut.index + cut[0].length);
  return /\d/.test(rest) ? value.slice(0, cut.index).trim() : value;
}

/** Whether the page prints the name after an owner's word ("Inh.", "Inhaber:", "Prop."). */
function ownerName(documents: ReadableDocument[], name: NameCandidate): boolean {
  const text = documents.find((d) => d.doc.index === name.document_index)?.text ?? '';
  const before =
    text
      .slice(Math.max(0, name.offset - 16), name.offset)
      .trim()
      .split(/\s+/)
      .at(-1) ?? '';
  return OWNER_MARK.test(before);
}

/** Whether the page names the candidate as a trading name's owner ("… is a trading name of Gareth Pryce"). */
function tradingNameOwner(documents: ReadableDocument[], name: NameCandidate): boolean {
  const text = documents.find((d) => d.doc.index === name.document_index)?.text ?? '';
  return /\bis a trading name of $/.test(text.slice(Math.max(0, name.offset - 24), name.offset));
}

const NO_REPLY =
  /^(no-?reply|do-?not-?reply|donotreply|ne-?pas-?repondre|noreply|notifications?|mailer|bounce|postmaster|nicht-?antworten|geen-?antwoord|no-?responder)/i;

/**
 * How sure the sender's address can be as the issuer's when the page gave none: a mailbox
 * nobody reads (no-reply, ne-pas-répondre, geen-antwoord) is no contact (0.5); otherwise
 * nothing speaks against it (1).
 */
export function senderAddressCap(address: string): number {
  return NO_REPLY.test(address.toLowerCase()) ? 0.5 : 1;
}

// A mailbox a billing system sends from, not a person's: "billing@", "invoice+statements@", "rechnung@".
const BILLING_MAILBOX =
  /^(?:billing|invoices?|statements?|accounts?|ar|receivables|rechnung(?:en)?|faktura|fakturor|factur(?:e|es|a|as|en|atie|ation)|fattur(?:a|e|azione)|faktury)[+._@-]/;

/**
 * A forwarded mail's header lines in the page ("From: …", "Від: …", "To: …"), each line's
 * kind, and the site of the first address on its From line, in one pass of the label reader.
 * In a forward the sender is whoever passed it on; the forwarded From names the issuer, and
 * the forwarded To and Cc lines name its recipients, the buyer's side.
 */
function forwardedHeaders(documents: ReadableDocument[]): { kinds: Map<Line, LabelKind>; site: string | null } {
  const kinds = new Map<Line, LabelKind>();
  let site: string | null = null;
  for (const { doc, text } of documents)
    for (const line of linesOf(doc, text)) {
      const kind = labelOf(line.text)?.parts[0]?.kind;
      if (!kind) continue;
      kinds.set(line, kind);
      if (kind !== 'from' || site) continue;
      const found = findEmail(line.text);
      if (found) site = siteOf(domainOf(found.text.toLowerCase()));
    }
  return { kinds, site };
}

function emailCandidates(documents: ReadableDocument[], view: MessageView): EmailCandidate[] {
  const forwarded = forwardedBySender(view);
  const headers = forwarded ? forwardedHeaders(documents) : null;
  // The forwarder's site says nothing of the issuer; the forwarded From's does.
  const original = headers && !headers.site ? forwardedFrom(view) : null;
  const site = headers ? (headers.site ?? (original ? siteOf(domainOf(original.address)) : null)) : senderSite(view);
  const own = ownSites(view);
  const names = nameCandidates(documents, view);
  // A self-billing invoice's sender is its customer: the supplier's address is the vendor's.
  const buyerSends = !forwarded && !!site && selfBilled(documents);
  const out: EmailCandidate[] = [];
  // The forwarded From (its header block blanked for the readers) is the issuer's address as
  // surely as a mail's own From, unless it is a colleague's on the forwarder's own site.
  if (original && site && site !== senderSite(view) && !own.has(site)) {
    const address = original.address.toLowerCase();
    const body = documents.find((d) => d.doc.kind === 'body');
    const text = body ? caseless(body.doc.text) : null;
    const found = text ? text.lower.indexOf(address) : -1;
    const at = text && found >= 0 ? text.original(found) : -1;
    if (body && at >= 0) {
      let score = 0.8;
      if (names.some((n) => n.legal && nameMatchesSite(n.name, site))) score += 0.1;
      if (NO_REPLY.test(address)) score -= 0.3;
      out.push({ address, offset: at, document_index: body.doc.index, score, source: 'page' });
    }
  }
  for (const { doc, text } of documents) {
    const lines = linesOf(doc, text);
    const sections = sectionsOf(lines);
    for (const line of lines) {
      if (headers?.kinds.get(line) === 'to') continue;
      for (const cell of line.cells) {
        let from = 0;
        for (let found = findEmail(cell.text); found; found = findEmail(cell.text.slice(from))) {
          const at = from + found.index;
          from = at + found.text.length;
          const address = found.text.toLowerCase();
          const emailSite = siteOf(domainOf(address));
          // ... and the recipient it is sent to is the supplier.
          if (buyerSends ? emailSite === site : own.has(emailSite)) continue;
          const role = sections.get(cell)?.role;
          // An address on the sender's own site is no buyer's: a "Billed to" block that runs on
          // into the footer (an HTML mail prints no blank line between them) ends before it.
          if ((role === 'buyer' || role === 'delivery') && !(site && emailSite === site && !buyerSends)) continue;
          const place = placeOf(lines, line.index);
          let score = 0.5 + (role === 'seller' ? 0.3 : 0) + (place !== 'body' ? 0.1 : 0);
          if (site && emailSite === site) score += 0.2;
          if (names.some((n) => n.legal && nameMatchesSite(n.name, emailSite))) score += 0.15;
          if (NO_REPLY.test(address)) score -= 0.3;
          // An e-invoice's delivery address ("Electronic address", "Elektronische Adresse") is not where a person writes.
          if (/electronic|elektronische|endpoint|adresse électronique/i.test(cell.text.slice(0, at))) score -= 0.15;
          // An Italian company's PEC (certified mail for legal notices, "PEC fibra@pec.fibra.it") is
          // not where a customer writes: the page's other address of the firm is its contact.
          if (/^pec\.|\.pec\.|legalmail\./.test(domainOf(address)) || /\bPEC:?\s*$/.test(cell.text.slice(0, at)))
            score -= 0.15;
          out.push({ address, offset: cell.offset + at, document_index: doc.index, score, source: 'page' });
        }
      }
    }
  }
  return out;
}

export function vendorEmail(documents: ReadableDocument[], view: MessageView): PrintedCandidate[] {
  const page = emailCandidates(documents, view);
  // A self-billing invoice's sender is the customer: its From address is no vendor's either, and
  // a supplier's address printed anywhere on the page is the vendor's, if not surely.
  const buyerSends = !!senderSite(view) && selfBilled(documents);
  if (buyerSends) {
    const best = page.filter((c) => c.score >= 0.5).sort((a, b) => b.score - a.score)[0];
    if (!best) return [{ raw: '', confidence: 0, document_index: 0, offset: 0, why: 'self-billed', absent: true }];
    return [
      {
        raw: best.address,
        confidence: Math.min(0.7, best.score),
        document_index: best.document_index!,
        offset: best.offset!,
        why: 'supplier email on a self-billing invoice',
      },
    ];
  }
  if (page.length === 0) return [];
  const byAddress = new Map<string, EmailCandidate>();
  for (const c of page) {
    const seen = byAddress.get(c.address);
    if (!seen || c.score > seen.score)
      byAddress.set(c.address, { ...c, score: Math.max(c.score, (seen?.score ?? 0) + 0.05) });
  }
  const ranked = [...byAddress.values()].sort((a, b) => b.score - a.score);
  const [top, second] = ranked;
  if (top!.score < 0.6) return [];
  let confidence = Math.min(0.9, top!.score);
  if (second && second.score >= top!.score - 0.1) confidence = Math.min(confidence, 0.6);
  // The vendor's billing mailbox sent the mail and the page prints another of its addresses
  // ("invoice+statements@" sent it, "billing@" is printed): the printed one is the contact,
  // but the sender's is as much the vendor's, a rival of similar strength.
  const sender = view.from?.address.toLowerCase() ?? '';
  if (
    sender !== top!.address &&
    BILLING_MAILBOX.test(sender) &&
    siteOf(domainOf(sender)) === siteOf(domainOf(top!.address))
  )
    confidence = Math.min(confidence, 0.7);
  return [
    {
      raw: top!.address,
      confidence: Math.round(confidence * 1000) / 1000,
      document_index: top!.document_index!,
      offset: top!.offset!,
      why: 'issuer email on the page',
    },
  ];
}

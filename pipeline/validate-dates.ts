// Dates and amounts as business mail writes them, read for the validate stage's coercion
// (pipeline/validate.ts) and for comparing an e-invoice with the text that renders it.
//
// Number rule: with both '.' and ',' the last one is the decimal mark (1.234,56 / 1,234.56);
// with only one kind, a single mark followed by exactly three digits is a thousands
// separator only for ',' (1,234 -> 1234); '.' reads as a decimal mark (1.5, 12.000 -> 12).
// Those single-mark three-digit cases are ambiguous and reported as such.
// Date rule: ISO (2026-03-04) and year-first are unambiguous; dotted dates are day-first
// (04.03.2026 = 4 March); slashed dates are day-first unless the first number is over 12
// (03/04/2026 = 3 April, ambiguous; 12/25/2026 = 25 December). Month names in English,
// German, French, Spanish, Dutch, Italian, Portuguese, Polish, Swedish and Danish.

const MONTHS: Record<string, number> = {};
// English, German, French, Spanish, Dutch, Italian, Portuguese, Polish (both cases), Swedish, Danish.
[
  [
    'january',
    'jan',
    'januar',
    'jänner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'januari',
    'gennaio',
    'gen',
    'janeiro',
    'styczeń',
    'stycznia',
    'sty',
  ],
  [
    'february',
    'feb',
    'februar',
    'février',
    'fevrier',
    'févr',
    'fevr',
    'febrero',
    'februari',
    'febbraio',
    'fevereiro',
    'fev',
    'luty',
    'lutego',
    'lut',
  ],
  [
    'march',
    'mar',
    'märz',
    'maerz',
    'mrz',
    'mars',
    'marzo',
    'maart',
    'mrt',
    'março',
    'marco',
    'marts',
    'marzec',
    'marca',
  ],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwiecień', 'kwietnia', 'kwi'],
  ['may', 'mai', 'mayo', 'mei', 'maggio', 'mag', 'maio', 'maj', 'maja'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'czerwiec', 'czerwca', 'cze'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'lipiec', 'lipca', 'lip'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus', 'augusti', 'sierpień', 'sierpnia', 'sie'],
  [
    'september',
    'sep',
    'sept',
    'septembre',
    'septiembre',
    'setiembre',
    'settembre',
    'set',
    'setembro',
    'wrzesień',
    'września',
    'wrz',
  ],
  [
    'october',
    'oct',
    'oktober',
    'okt',
    'octobre',
    'octubre',
    'ottobre',
    'ott',
    'outubro',
    'out',
    'październik',
    'października',
    'paź',
  ],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'listopad', 'listopada', 'lis'],
  [
    'december',
    'dec',
    'dezember',
    'dez',
    'décembre',
    'decembre',
    'déc',
    'diciembre',
    'dic',
    'dicembre',
    'dezembro',
    'grudzień',
    'grudnia',
    'gru',
  ],
].forEach((names, i) => {
  for (const n of names) MONTHS[n] = i + 1;
});
// Romanian, Catalan, Greek (genitive, as dates print it, and nominative), Bulgarian, Russian and
// Ukrainian (both cases, Ukrainian's short forms), Serbian, Croatian, Slovenian, Slovak, Czech,
// Latvian, Lithuanian, Estonian, Icelandic, Indonesian and Malay. Looked up without accents, so
// "ΜΑΡΤΙΟΥ" and "Μαρτίου" are one. Not Croatian "listopad" (October), which is Polish and Czech November.
[
  [
    'ianuarie',
    'gener',
    'ιανουαριου',
    'ιανουαριος',
    'януари',
    'января',
    'январь',
    'січня',
    'січень',
    'січ',
    'јануар',
    'siječnja',
    'siječanj',
    'januarja',
    'januára',
    'ledna',
    'leden',
    'janvāris',
    'janvāra',
    'sausio',
    'jaanuar',
    'janúar',
    'januari',
  ],
  [
    'februarie',
    'febrer',
    'φεβρουαριου',
    'φεβρουαριος',
    'февруари',
    'февраля',
    'февраль',
    'лютого',
    'лютий',
    'лют',
    'фебруар',
    'veljače',
    'veljača',
    'februarja',
    'februára',
    'února',
    'únor',
    'februāris',
    'februāra',
    'vasario',
    'veebruar',
    'febrúar',
    'februari',
  ],
  [
    'martie',
    'març',
    'μαρτιου',
    'μαρτιος',
    'март',
    'марта',
    'березня',
    'березень',
    'бер',
    'ožujka',
    'ožujak',
    'marec',
    'marca',
    'března',
    'březen',
    'marts',
    'marta',
    'kovo',
    'märts',
    'mars',
    'maret',
    'mac',
  ],
  [
    'aprilie',
    'abril',
    'απριλιου',
    'απριλιος',
    'април',
    'апреля',
    'апрель',
    'квітня',
    'квітень',
    'квіт',
    'travnja',
    'travanj',
    'aprila',
    'apríla',
    'apríl',
    'dubna',
    'duben',
    'aprīlis',
    'aprīļa',
    'balandžio',
    'aprill',
  ],
  [
    'mai',
    'maig',
    'μαιου',
    'μαιος',
    'май',
    'мая',
    'травня',
    'травень',
    'трав',
    'мај',
    'svibnja',
    'svibanj',
    'maja',
    'mája',
    'máj',
    'května',
    'květen',
    'maijs',
    'maija',
    'gegužės',
    'maí',
    'mei',
  ],
  [
    'iunie',
    'juny',
    'ιουνιου',
    'ιουνιος',
    'юни',
    'июня',
    'июнь',
    'червня',
    'червень',
    'черв',
    'јун',
    'lipnja',
    'lipanj',
    'junij',
    'junija',
    'júna',
    'jún',
    'června',
    'červen',
    'jūnijs',
    'jūnija',
    'birželio',
    'juuni',
    'júní',
    'jun',
  ],
  [
    'iulie',
    'juliol',
    'ιουλιου',
    'ιουλιος',
    'юли',
    'июля',
    'июль',
    'липня',
    'липень',
    'јул',
    'srpnja',
    'srpanj',
    'julij',
    'julija',
    'júla',
    'júl',
    'července',
    'červenec',
    'jūlijs',
    'jūlija',
    'liepos',
    'juuli',
    'júlí',
    'julai',
  ],
  [
    'august',
    'agost',
    'αυγουστου',
    'αυγουστος',
    'август',
    'августа',
    'серпня',
    'серпень',
    'серп',
    'avgust',
    'avgusta',
    'kolovoza',
    'kolovoz',
    'augusta',
    'srpna',
    'srpen',
    'augusts',
    'rugpjūčio',
    'ágúst',
    'agustus',
    'ogos',
  ],
  [
    'septembrie',
    'setembre',
    'σεπτεμβριου',
    'σεπτεμβριος',
    'септември',
    'сентября',
    'сентябрь',
    'вересня',
    'вересень',
    'вер',
    'септембар',
    'septembar',
    'septembra',
    'rujna',
    'rujan',
    'září',
    'septembris',
    'rugsėjo',
  ],
  [
    'octombrie',
    'octubre',
    'οκτωβριου',
    'οκτωβριος',
    'октомври',
    'октября',
    'октябрь',
    'жовтня',
    'жовтень',
    'жовт',
    'октобар',
    'oktobar',
    'oktobra',
    'októbra',
    'október',
    'října',
    'říjen',
    'oktobris',
    'spalio',
    'oktoober',
  ],
  [
    'noiembrie',
    'novembre',
    'νοεμβριου',
    'νοεμβριος',
    'ноември',
    'ноября',
    'ноябрь',
    'листопада',
    'листопад',
    'лист',
    'новембар',
    'novembar',
    'novembra',
    'studenoga',
    'studenog',
    'studeni',
    'listopadu',
    'novembris',
    'lapkričio',
    'nóvember',
  ],
  [
    'decembrie',
    'desembre',
    'δεκεμβριου',
    'δεκεμβριος',
    'декември',
    'декабря',
    'декабрь',
    'грудня',
    'грудень',
    'груд',
    'децембар',
    'decembar',
    'decembra',
    'prosinca',
    'prosinac',
    'prosince',
    'prosinec',
    'decembris',
    'gruodžio',
    'detsember',
    'desember',
    'desember',
    'disember',
  ],
].forEach((names, i) => {
  for (const n of names) {
    const plain = unaccented(n);
    if (MONTHS[plain] === undefined) MONTHS[plain] = i + 1;
  }
});

/** Lower case without accents: "Μαρτίου", "ΜΑΡΤΙΟΥ" and "martie" as the month table keys them. */
function unaccented(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** The month a name says (1-12), or undefined. */
function monthNamed(word: string): number | undefined {
  const lower = word.toLowerCase();
  return MONTHS[lower] ?? MONTHS[unaccented(lower)];
}

const MONTH_WORD = '(\\p{L}{3,12})';
// Full names, then the short forms in the same order (index mod 12 is the month).
const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
];

// Lithuanian and Latvian long dates name the month in a case of its own ("2026 m. kovo 2 d.",
// "2026. gada 10. martā", "līdz 2026. gada 24. martam"): the month by its stem.
const BALTIC_MONTHS: [RegExp, number][] = [
  [/^saus/, 1],
  [/^vasar/, 2],
  [/^kov/, 3],
  [/^baland/, 4],
  [/^geguž/, 5],
  [/^biržel/, 6],
  [/^liep/, 7],
  [/^rugpjū/, 8],
  [/^rugsėj/, 9],
  [/^spal/, 10],
  [/^lapkri/, 11],
  [/^gruod/, 12],
  [/^janvār/, 1],
  [/^februār/, 2],
  [/^mart/, 3],
  [/^aprīl/, 4],
  [/^maij/, 5],
  [/^jūnij/, 6],
  [/^jūlij/, 7],
  [/^august/, 8],
  [/^septembr/, 9],
  [/^oktobr/, 10],
  [/^novembr/, 11],
  [/^decembr/, 12],
];
const balticMonth = (word: string) => BALTIC_MONTHS.find(([stem]) => stem.test(word.toLowerCase()))?.[1];

function validDate(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  // A Thai year of the Buddhist era (2569 is 2026): no invoice is dated five centuries ahead.
  if (y >= 2400 && y <= 2700) y -= 543;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

type Found = { value: unknown; ambiguous: boolean; start: number; end: number } | null;

// Built once: each value read as a date tries them all, in this order.
const DATE_FORMATS: [RegExp, (m: RegExpExecArray) => { iso: string | null; ambiguous: boolean }][] = [
  [/(\d{4})-(\d{1,2})-(\d{1,2})/, (m) => ({ iso: validDate(+m[1]!, +m[2]!, +m[3]!), ambiguous: false })],
  [/(\d{4})[/.](\d{1,2})[/.](\d{1,2})/, (m) => ({ iso: validDate(+m[1]!, +m[2]!, +m[3]!), ambiguous: false })],
  [
    /(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?!\d)/,
    (m) => ({ iso: validDate(+m[3]!, +m[2]!, +m[1]!), ambiguous: false }),
  ],
  [
    /(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?!\d)/,
    (m) => {
      const a = +m[1]!;
      const b = +m[2]!;
      if (a > 12) return { iso: validDate(+m[3]!, b, a), ambiguous: false };
      if (b > 12) return { iso: validDate(+m[3]!, a, b), ambiguous: false };
      return { iso: validDate(+m[3]!, b, a), ambiguous: a !== b };
    },
  ],
  [
    // Catalan elides "de" before a vowel: "2 d'abril de 2026".
    new RegExp(
      `(\\d{1,2})(?:st|nd|rd|th|er|º|°)?\\.?\\s+(?:de\\s+|d['’])?${MONTH_WORD}\\.?,?\\s+(?:de\\s+)?(\\d{4})`,
      'iu',
    ),
    (m) => {
      const month = monthNamed(m[2]!);
      return { iso: month ? validDate(+m[3]!, month, +m[1]!) : null, ambiguous: false };
    },
  ],
  // Latvian puts the year first: "2026. gada 5. marts".
  [
    new RegExp(`(\\d{4})\\.\\s?gada\\s+(\\d{1,2})\\.\\s?${MONTH_WORD}`, 'iu'),
    (m) => {
      const month = monthNamed(m[3]!);
      return { iso: month ? validDate(+m[1]!, month, +m[2]!) : null, ambiguous: false };
    },
  ],
  // Vietnamese: "ngày 05 tháng 03 năm 2026" (day, month and year words).
  [
    /ngày\s{1,3}(\d{1,2})\s{1,3}tháng\s{1,3}(\d{1,2})\s{1,3}năm\s{1,3}(\d{4})/iu,
    (m) => ({ iso: validDate(+m[3]!, +m[2]!, +m[1]!), ambiguous: false }),
  ],
  // Thai month names, full and short ("25 มี.ค. 2569"), with the year of either era.
  [
    /(\d{1,2})\s?(มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม|ม\.ค\.|ก\.พ\.|มี\.ค\.|เม\.ย\.|พ\.ค\.|มิ\.ย\.|ก\.ค\.|ส\.ค\.|ก\.ย\.|ต\.ค\.|พ\.ย\.|ธ\.ค\.)\s?(\d{4})/u,
    (m) => {
      const month = THAI_MONTHS.indexOf(m[2]!) % 12;
      return { iso: validDate(+m[3]!, month + 1, +m[1]!), ambiguous: false };
    },
  ],
  // "5-Mar-2026", "05-Mar-26": the day, the month's name and the year joined by hyphens.
  [
    new RegExp(`(\\d{1,2})-${MONTH_WORD}-(\\d{4}|\\d{2})(?!\\d)`, 'iu'),
    (m) => {
      const month = monthNamed(m[2]!);
      return { iso: month ? validDate(+m[3]!, month, +m[1]!) : null, ambiguous: false };
    },
  ],
  // Lithuanian: "2026 m. kovo 2 d."; Latvian: "2026. gada 10. martā".
  [
    /(\d{4})\s?m\.\s+(\p{L}{4,12})\s+(\d{1,2})\s?d\./u,
    (m) => {
      const month = balticMonth(m[2]!);
      return { iso: month ? validDate(+m[1]!, month, +m[3]!) : null, ambiguous: false };
    },
  ],
  [
    /(\d{4})\.\s?gada\s+(\d{1,2})\.\s?(\p{L}{4,12})/u,
    (m) => {
      const month = balticMonth(m[3]!);
      return { iso: month ? validDate(+m[1]!, month, +m[2]!) : null, ambiguous: false };
    },
  ],
  // East Asian dates: "2026年3月5日" (year, month and day marks).
  [/(\d{4})年\s?(\d{1,2})月\s?(\d{1,2})日/, (m) => ({ iso: validDate(+m[1]!, +m[2]!, +m[3]!), ambiguous: false })],
  // Korean: "2026년 3월 1일".
  [/(\d{4})년\s?(\d{1,2})월\s?(\d{1,2})일/, (m) => ({ iso: validDate(+m[1]!, +m[2]!, +m[3]!), ambiguous: false })],
  // A Japanese era year: Reiwa 1 is 2019 ("令和8年3月5日" is 2026-03-05; its first year is written 元).
  [
    /令和\s?(\d{1,2}|元)年\s?(\d{1,2})月\s?(\d{1,2})日/,
    (m) => ({ iso: validDate(2018 + (m[1] === '元' ? 1 : +m[1]!), +m[2]!, +m[3]!), ambiguous: false }),
  ],
  [
    new RegExp(`${MONTH_WORD}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, 'iu'),
    (m) => {
      const month = monthNamed(m[1]!);
      return { iso: month ? validDate(+m[3]!, month, +m[2]!) : null, ambiguous: false };
    },
  ],
];

export function parseDate(raw: string): Found {
  for (const [re, read] of DATE_FORMATS) {
    const m = re.exec(raw);
    if (!m) continue;
    const { iso, ambiguous } = read(m);
    if (iso) return { value: iso, ambiguous, start: m.index, end: m.index + m[0].length };
  }
  return null;
}

// Indian grouping (lakh, crore): thousands, then pairs of digits ("1,23,456.00", "12,34,56,789").
export function parseAmount(raw: string): Found {
  const m =
    /(\(\s*)?([-−–]\s*)?(\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:[ .,'\u00A0\u202F]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(\s*\))?/.exec(
      raw,
    );
  if (!m) return null;
  let token = m[3]!.replace(/[ '\u00A0\u202F]/g, '');
  let ambiguous = false;
  const lastDot = token.lastIndexOf('.');
  const lastComma = token.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    token = token.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    const parts = token.split(',');
    if (parts.length > 2) token = parts.join('');
    else if (parts[1]!.length === 3) {
      token = parts.join('');
      ambiguous = true;
    } else token = parts.join('.');
  } else if (lastDot >= 0) {
    const parts = token.split('.');
    if (parts.length > 2) token = parts.join('');
    else if (parts[1]!.length === 3) ambiguous = true;
  }
  const value = Number(token);
  if (!Number.isFinite(value)) return null;
  // A hyphen glued to a letter is part of a code ("A-1001"), not a minus sign.
  const signAt = m.index + (m[1]?.length ?? 0);
  const minus = Boolean(m[2]) && (signAt === 0 || !/[\p{L}\p{N}]/u.test(raw[signAt - 1]!));
  const negative = minus || (Boolean(m[1]) && Boolean(m[4]));
  return { value: negative ? -value : value, ambiguous, start: m.index, end: m.index + m[0].length };
}

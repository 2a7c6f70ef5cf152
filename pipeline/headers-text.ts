// Header lines as mail clients write them into a body when forwarding or quoting
// ("From: …", "Von: …", "От: …", "差出人：…"), in the languages those clients ship in, and
// the "On … wrote:" attribution verbs. Shared by forward detection and reply extraction.

export type LabelKind = 'from' | 'date' | 'subject' | 'to' | 'other';

const LABELS: Record<Exclude<LabelKind, 'other'>, string[]> = {
  from: [
    'from',
    'von',
    'de',
    'da',
    'van',
    'od',
    'fra',
    'från',
    'от',
    'від',
    'від кого',
    'отправитель',
    'kimden',
    'gönderen',
    'feladó',
    'lähettäjä',
    'nadawca',
    'afzender',
    'remitente',
    'expéditeur',
    'mittente',
    'odesílatel',
    'odosielateľ',
    'avsändare',
    'afsender',
    'expeditor',
    'pošiljatelj',
    'pošiljatelj',
    'šalje',
    'saatja',
    'sender',
    '差出人',
    '送信者',
    '送信元',
    '发件人',
    '發件人',
    '寄件者',
    '寄件人',
    '보낸 사람',
    '보낸사람',
    'από',
    'sent by',
    'de la',
    'من',
    'מאת',
    'từ',
    'dari',
  ],
  date: [
    'date',
    'datum',
    'fecha',
    'data',
    'dato',
    'päivämäärä',
    'päiväys',
    'tarih',
    'дата',
    'dátum',
    'ημερομηνία',
    'sent',
    'gesendet',
    'envoyé',
    'enviado',
    'enviada',
    'enviado el',
    'enviado em',
    'enviada em',
    'inviato',
    'verzonden',
    'wysłano',
    'wysłane',
    'odesláno',
    'odoslané',
    'sendt',
    'skickat',
    'lähetetty',
    'отправлено',
    'надіслано',
    'відправлено',
    'gönderildi',
    'gönderilen',
    'gönderme tarihi',
    'elküldve',
    'küldve',
    'trimis',
    'poslano',
    'στάλθηκε',
    '送信日時',
    '日付',
    '日期',
    '发送时间',
    '發送時間',
    '时间',
    '날짜',
    '보낸 날짜',
    'أرسلت',
    'أرسل',
    'التاريخ',
    'נשלח',
    'תאריך',
    'đã gửi',
    'ngày gửi',
    'dikirim',
    'tanggal',
    'изпратено',
    'enviat el',
    'enviat',
    '寄件日期',
    '傳送時間',
  ],
  subject: [
    'subject',
    'betreff',
    'objet',
    'asunto',
    'oggetto',
    'onderwerp',
    'assunto',
    'temat',
    'předmět',
    'predmet',
    'emne',
    'ämne',
    'aihe',
    'тема',
    'konu',
    'tárgy',
    'subiect',
    'tema',
    'teema',
    'θέμα',
    '件名',
    '主题',
    '主旨',
    '제목',
    'الموضوع',
    'נושא',
    'chủ đề',
    'perihal',
    'subjek',
    'относно',
  ],
  to: [
    'to',
    'an',
    'à',
    'a',
    'para',
    'aan',
    'do',
    'til',
    'till',
    'vastaanottaja',
    'кому',
    'kime',
    'címzett',
    'komu',
    'pentru',
    'prima',
    'προς',
    '宛先',
    '送信先',
    '收件人',
    '收件者',
    '받는 사람',
    'cc',
    'bcc',
    'kopie',
    'kopie (cc)',
    'copie',
    'cópia',
    'copia',
    'kopio',
    'копия',
    'копія',
    'bilgi',
    'másolat',
    'másolatot kap',
    'kopia',
    'kópia',
    'kopi',
    'kopia do',
    'koopia',
    'κοιν',
    '抄送',
    '副本',
    '참조',
    'reply-to',
    'antwort an',
    'répondre à',
    'responder a',
    'إلى',
    'אל',
    'đến',
    'kepada',
    'до',
    'per a',
    'către',
    'adresat',
    'odbiorca',
    'dw',
  ],
};

const KIND = new Map<string, Exclude<LabelKind, 'other'>>();
for (const [kind, labels] of Object.entries(LABELS) as [Exclude<LabelKind, 'other'>, string[]][]) {
  for (const l of labels) if (!KIND.has(l)) KIND.set(l, kind);
}

/** Yahoo runs its header block into one line: these are the labels that start the next field. */
const TITLE_LABELS = [...KIND.keys()].filter((l) => l.length > 1).map((l) => l[0]!.toUpperCase() + l.slice(1));

/** A line without its "> " quoting and "*bold*" label marks. */
export function stripQuote(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === '>' || line[i] === ' ' || line[i] === '\t' || line[i] === '\u00A0')) i++;
  let out = line.slice(i).trim();
  if (out.startsWith('*')) out = out.slice(1).replace(':*', ':').replace('：*', '：');
  return out;
}

function colonAt(line: string, limit: number): number {
  for (let i = 0; i < Math.min(line.length, limit); i++) if (line[i] === ':' || line[i] === '：') return i;
  return -1;
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && c.toLowerCase() !== c.toUpperCase();
}

/** Splits Yahoo's "From: A <a@x>To: b@x…Subject: S" at each later Title-case label. */
function splitRunOn(value: string): { label: string; at: number; end: number }[] {
  const cuts: { label: string; at: number; end: number }[] = [];
  for (const label of TITLE_LABELS) {
    for (const sep of [':', ' :', '：']) {
      let from = 0;
      for (;;) {
        const at = value.indexOf(label + sep, from);
        if (at < 0) break;
        if (!isLetter(value[at - 1]))
          cuts.push({ label: label.toLowerCase(), at, end: at + label.length + sep.length });
        from = at + 1;
      }
    }
  }
  return cuts.sort((a, b) => a.at - b.at || b.end - a.end).filter((c, i, all) => i === 0 || c.at >= all[i - 1]!.end);
}

/** A header line: its fields (one, or several for a run-on line), or null when it is not a header line. */
export function labelOf(line: string): { parts: { kind: LabelKind; value: string }[] } | null {
  const colon = colonAt(line, 40);
  if (colon <= 0) return null;
  const label = line.slice(0, colon).replace(/\t/g, ' ').trim().toLowerCase().replaceAll('\u0307', '');
  const kind = KIND.get(label);
  if (!kind) {
    // Unknown short labels ("Reply-To", "Importance") continue a block but never start one.
    return label.split(' ').length <= 3 && /^[\p{L}-]/u.test(label) ? { parts: [{ kind: 'other', value: '' }] } : null;
  }
  const rest = line.slice(colon + 1, colon + 1 + 2000);
  const parts: { kind: LabelKind; value: string }[] = [];
  let current = { kind: kind as LabelKind, start: 0 };
  for (const cut of splitRunOn(rest)) {
    parts.push({ kind: current.kind, value: rest.slice(current.start, cut.at).trim() });
    current = { kind: KIND.get(cut.label) ?? 'other', start: cut.end };
  }
  parts.push({ kind: current.kind, value: rest.slice(current.start).trim() });
  return { parts };
}

/** The verb of an attribution line ("On … X wrote:"), lower case, in the languages clients ship in. */
export const WROTE = [
  'wrote',
  'schrieb',
  'a écrit',
  'escribió',
  'ha scritto',
  'schreef',
  'escreveu',
  'skrev',
  'kirjoitti',
  'napisał',
  'napisała',
  'napsal',
  'napsala',
  'napísal',
  'napísala',
  'написал',
  'написала',
  'написав',
  'yazdı',
  'írta',
  'a scris',
  'scrise',
  'napisao',
  'napisala',
  'έγραψε',
  'kirjutas',
  'rakstīja',
  'rašė',
  '写道',
  '寫道',
  'のメッセージ',
  '書きました',
  '작성',
  '님이 작성',
];

/** "On Mon, … John <j@x> wrote:" and its translations: a line ending in a colon that holds an attribution verb. */
export function isAttribution(line: string): boolean {
  const t = line.trim();
  if (t.length > 400 || !(t.endsWith(':') || t.endsWith('：'))) return false;
  const lower = t.toLowerCase();
  return WROTE.some((w) => lower.includes(w));
}

// Replies as clients write them, with the new text expected. Samples marked
// github/email_reply_parser are copied from that project's test/emails fixtures
// (https://github.com/github/email_reply_parser, MIT licence, Copyright (c) GitHub);
// quoted-printable there is decoded here. The others are written here after the client's format.
export interface ReplySample {
  client: string;
  lang: string;
  origin: string;
  text: string;
  reply: string;
}

const ERP = 'github/email_reply_parser test/emails';
const HAND = "hand-written after the client's format";

export const REPLIES: ReplySample[] = [
  {
    client: 'Gmail',
    lang: 'da',
    origin: `${ERP}/gmail_danish.txt`,
    reply: 'This is text from gmail set up with danish locale',
    text: 'This is text from gmail set up with danish locale\n\n15. marts 2017 kl. 11.00 skrev John Doe <john@example.com>:\n\n> I am having an odd issue wherein suddenly port forwarding stopped\n> working in a particular scenario for me.  By default I have ssh set to\n> use the following config (my ~/.ssh/config file):\n> […]\n> ---\n> Reply to this email directly or view it on GitHub:\n> https://github.com/textmate/rmate/issues/29\n',
  },
  {
    client: 'Gmail',
    lang: 'de',
    origin: `${ERP}/quote_reply_german_multiline.txt`,
    reply: 'This is a reply with German quote multiline',
    text: 'This is a reply with German quote multiline\n\nAm Mo., 4. Juli 2022 um 08:13 Uhr schrieb Rick Sanchez <\nrick.sanchez@example.com>:\n\n> Hello this is a test\n>',
  },
  {
    client: 'Gmail',
    lang: 'fr',
    origin: `${ERP}/quote_reply_french.txt`,
    reply: 'This is a reply with French quote',
    text: 'This is a reply with French quote\n\nLe mer. 29 juin 2022 à 12:32, Rick (<rick@example.com>) a écrit :\n\n> Hello this is a test\n>',
  },
  {
    client: 'Gmail',
    lang: 'es',
    origin: `${ERP}/quote_reply_spanish.txt`,
    reply: 'This is a reply with Spanish quote',
    text: 'This is a reply with Spanish quote\n\nEl mié, 29 jun 2022 a las 11:08, Rick (<rick@example.com>) escribió:\n\n> Hello this is a test\n>',
  },
  {
    client: 'Gmail',
    lang: 'it',
    origin: `${ERP}/quote_reply_italian.txt`,
    reply: 'This is a reply with Italian quote',
    text: 'This is a reply with Italian quote\n\nIl giorno lun 4 lug 2022 alle ore 08:12 Rick <rick@example.com> ha scritto:\n\n> Hello this is a test\n>',
  },
  {
    client: 'Inbox',
    lang: 'en',
    origin: `${ERP}/email_sent_from_inbox.txt`,
    // The sender's signature under the quote is theirs: it stays (docs/reading.md, reply_text).
    reply: 'Hi,\nThis is a test reply from Inbox.\n\n--\nHey there, this is my signature',
    text: 'Hi,\nThis is a test reply from Inbox.\n\nOn Wed, May 25, 2016 at 3:13 PM <notifications@github.com> wrote:\n\n> LGTM\n>\n> —\n> You are receiving this because you authored the thread.\n> Reply to this email directly or view it on GitHub\n>\n--\nHey there, this is my signature\n',
  },
  {
    client: 'Outlook',
    lang: 'pt',
    origin: `${ERP}/email_multiline_quote_header_pt_br.txt`,
    reply: 'I have gained valuable experience.',
    text: "I have gained valuable experience.\n\nDe: john@example.com\nEnviada em: sexta-feira, 27 de julho de 2012 15:09\nPara: shelly@example.com \nAssunto: Tell us what you learned.\n\nThank you for recently participating in our class. We're interested in feedback. Please reply to this email. \n",
  },
  {
    client: 'Outlook',
    lang: 'en',
    origin: `${ERP}/email_multiline_quote_header_from_to_date_subject.txt`,
    reply: 'I have gained valuable experience.',
    text: "I have gained valuable experience.\n\nFrom: john@example.com \nTo: shelly@example.com \nDate: Tue, 2 Oct 2012 02:35:10 +0000 \nSubject: Tell us what you learned.\n\n\n\n\nThank you for recently participating in our class. We're interested in feedback. Please reply to this email. \n",
  },
  {
    client: 'Outlook on the web',
    lang: 'de',
    origin: HAND,
    reply: 'Erledigt, die Rechnung ist bezahlt.',
    text: 'Erledigt, die Rechnung ist bezahlt.\n\n________________________________\nVon: John Doe <john.doe@acme.com>\nGesendet: Mittwoch, 27. Oktober 2021 15:14\nAn: anna@acme.com\nBetreff: Rechnung 42\n\nBitte bezahlen.',
  },
  {
    client: 'Outlook',
    lang: 'ru',
    origin: HAND,
    reply: 'Готово.',
    text: 'Готово.\n\nОт: John Doe <john.doe@acme.com>\nОтправлено: 27 октября 2021 г. 15:14\nКому: anna@acme.com\nТема: Счёт 42\n\nПрошу оплатить.',
  },
  {
    client: 'Gmail',
    lang: 'ja',
    origin: HAND,
    reply: '了解しました。',
    text: '了解しました。\n\n2021年10月27日(水) 9:31 John Doe <john.doe@acme.com>:\n\n> 請求書を送ります。\n',
  },
  {
    client: 'Gmail',
    lang: 'zh',
    origin: HAND,
    reply: '好的，已付款。',
    text: '好的，已付款。\n\nJohn Doe <john.doe@acme.com> 于2021年10月27日周三 上午9:31写道：\n\n> 请付款。\n',
  },
  {
    client: 'Gmail',
    lang: 'ko',
    origin: HAND,
    reply: '확인했습니다.',
    text: '확인했습니다.\n\n2021년 10월 27일 (수) 오전 9:31, John Doe <john.doe@acme.com>님이 작성:\n\n> 청구서입니다.\n',
  },
  {
    client: 'Thunderbird',
    lang: 'tr',
    origin: HAND,
    reply: 'Tamam, ödendi.',
    text: 'Tamam, ödendi.\n\n27.10.2021 09:31 tarihinde John Doe yazdı:\n> Lütfen ödeyin.\n',
  },
  {
    client: 'Apple Mail',
    lang: 'uk',
    origin: HAND,
    reply: 'Оплачено.',
    text: 'Оплачено.\n\n> 27 жовт. 2021 р. о 09:31 John Doe <john.doe@acme.com> написав(ла):\n>\n> Прошу оплатити.\n',
  },
  {
    client: 'iPhone Mail',
    lang: 'en',
    origin: HAND,
    reply: 'Paid, thanks.\n\nSent from my iPhone',
    text: 'Paid, thanks.\n\nSent from my iPhone\n\n> On 27 Oct 2021, at 09:31, John Doe <john.doe@acme.com> wrote:\n>\n> Please pay invoice 42.\n',
  },
  {
    client: 'Android Gmail',
    lang: 'en',
    origin: HAND,
    reply: 'Paid.',
    text: 'Paid.\n\nOn Wed, 27 Oct 2021, 09:31 John Doe, <john.doe@acme.com> wrote:\n\n> Please pay invoice 42.\n',
  },
  {
    client: 'Mutt',
    lang: 'en',
    origin: `${HAND} (bottom-posting)`,
    reply: 'Paid today.\n\n-- \nAnna',
    text: 'On Wed, Oct 27, 2021 at 09:31:00AM +0000, John Doe wrote:\n> Please pay invoice 42.\n\nPaid today.\n\n-- \nAnna\n',
  },
];

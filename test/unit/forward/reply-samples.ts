// Replies written for this project after each client's format (no third-party text): the
// quote header each client writes in each language, where it writes it, and what the
// sender wrote. `reply` is the expected reply_text: every line the sender wrote, their
// signature included, without the quoted history. HTML samples carry the markup the client
// sends; their reply is read with the structure (sanitizeHtml + replyText with its quote lines).
export interface ReplyCase {
  client: string;
  lang: string;
  /** Plain text body, or the HTML body when `html` is true. */
  body: string;
  html?: boolean;
  reply: string;
}

const J = 'John Doe <john.doe@acme.com>';

/** Gmail's attribution line in each language, over "> " quoting. */
const GMAIL: [string, string, string, string][] = [
  ['en', 'Sounds good, see you then.', `On Thu, Jun 26, 2014 at 2:41 PM ${J} wrote:`, 'Are we still on for Friday?'],
  ['ru', 'Да, подходит.', `чт, 26 июн. 2014 г. в 14:41, ${J}:`, 'Встречаемся в пятницу?'],
  ['uk', 'Так, підходить.', `чт, 26 черв. 2014 о 14:41 ${J} пише:`, 'Зустрічаємося в пʼятницю?'],
  ['pl', 'Tak, pasuje.', `czw., 26 cze 2014 o 14:41 ${J} napisał(a):`, 'Czy piątek pasuje?'],
  ['cs', 'Ano, platí.', `čt 26. 6. 2014 v 14:41 odesílatel ${J} napsal:`, 'Platí pátek?'],
  ['sk', 'Áno, platí.', `št 26. 6. 2014 o 14:41 ${J} napísal(a):`, 'Platí piatok?'],
  ['nl', 'Ja, prima.', `Op do 26 jun. 2014 om 14:41 schreef ${J}:`, 'Past vrijdag?'],
  ['sv', 'Ja, det går bra.', `Den tors 26 juni 2014 kl 14:41 skrev ${J}:`, 'Passar fredag?'],
  ['no', 'Ja, det passer.', `tor. 26. jun. 2014 kl. 14:41 skrev ${J}:`, 'Passer fredag?'],
  ['fi', 'Käy hyvin.', 'to 26.6.2014 klo 14.41 John Doe (john.doe@acme.com) kirjoitti:', 'Sopiiko perjantai?'],
  ['hu', 'Igen, jó.', `${J} ezt írta (időpont: 2014. jún. 26., Cs, 14:41):`, 'Jó a péntek?'],
  ['tr', 'Olur.', `${J}, 26 Haz 2014 Per, 14:41 tarihinde şunu yazdı:`, 'Cuma uygun mu?'],
  ['el', 'Ναι, εντάξει.', `Στις Πέμ 26 Ιουν 2014 στις 2:41 μ.μ., ο/η ${J} έγραψε:`, 'Την Παρασκευή;'],
  ['pt', 'Sim, serve.', `Em qui., 26 de jun. de 2014 às 14:41, ${J} escreveu:`, 'Sexta serve?'],
  [
    'es',
    'Sí, me va bien.',
    'El jue, 26 jun 2014 a las 14:41, John Doe (<john.doe@acme.com>) escribió:',
    '¿El viernes?',
  ],
  [
    'ca',
    'Sí, em va bé.',
    'El dj., 26 de juny 2014 a les 14:41, John Doe (<john.doe@acme.com>) va escriure:',
    'Divendres?',
  ],
  ['it', 'Sì, va bene.', `Il giorno gio 26 giu 2014 alle ore 14:41 ${J} ha scritto:`, 'Venerdì va bene?'],
  ['fr', 'Oui, parfait.', `Le jeu. 26 juin 2014 à 14:41, ${J} a écrit :`, 'Vendredi ?'],
  ['de', 'Ja, passt.', `Am Do., 26. Juni 2014 um 14:41 Uhr schrieb ${J}:`, 'Passt Freitag?'],
  ['da', 'Ja, det passer.', `Den tor. 26. jun. 2014 kl. 14.41 skrev ${J}:`, 'Passer fredag?'],
  ['ro', 'Da, e bine.', `În joi, 26 iun. 2014 la 14:41, ${J} a scris:`, 'Vineri?'],
  ['bg', 'Да, става.', `На чт, 26.06.2014 г. в 14:41 ч. ${J} написа:`, 'Петък?'],
  ['hr', 'Da, može.', `čet, 26. lip 2014. u 14:41 ${J} napisao je:`, 'Petak?'],
  ['sr', 'Да, може.', `чет, 26. јун 2014. у 14:41 ${J} је написао/ла:`, 'Петак?'],
  ['sl', 'Da, velja.', `${J} je napisal(-a) dne čet., 26. jun. 2014 ob 14:41:`, 'Petek?'],
  ['lt', 'Taip.', `2014-06-26, kt, 14:41 ${J} rašė:`, 'Penktadienį?'],
  [
    'lv',
    'Jā.',
    'ceturtd., 2014. g. 26. jūn., plkst. 14:41 — lietotājs John Doe (<john.doe@acme.com>) rakstīja:',
    'Piektdien?',
  ],
  ['et', 'Jah.', `N, 26. juuni 2014 kell 14:41 ${J} kirjutas:`, 'Reedel?'],
  ['vi', 'Được.', `Vào Th 5, 26 thg 6, 2014 vào lúc 14:41 ${J} đã viết:`, 'Thứ sáu được không?'],
  ['id', 'Bisa.', `Pada tanggal Kam, 26 Jun 2014 pukul 14.41 ${J} menulis:`, 'Jumat bisa?'],
  ['th', 'ได้ครับ', `เมื่อ พฤ. 26 มิ.ย. 2014 เวลา 14:41 ${J} เขียนว่า:`, 'วันศุกร์ได้ไหม'],
  ['hi', 'हाँ, ठीक है।', `गुरु, 26 जून 2014 को 2:41 pm बजे ${J} ने लिखा:`, 'शुक्रवार?'],
  ['ar', 'نعم، مناسب.', `في الخميس، 26 يونيو 2014 في 2:41 م، كتب ${J}:`, 'هل يناسبك الجمعة؟'],
  ['he', 'כן, מתאים.', `בתאריך יום ה׳, 26 ביוני 2014 ב-14:41 מאת ${J}:`, 'מתאים ביום שישי?'],
  ['fa', 'بله.', `در تاریخ پنجشنبه ۲۶ ژوئن ۲۰۱۴ ساعت ۱۴:۴۱ ${J} نوشت:`, 'جمعه خوب است؟'],
  ['ja', '了解しました。', `2014年6月26日(木) 14:41 ${J}:`, '金曜日でよろしいですか？'],
  ['zh', '好的。', `${J} 于2014年6月26日周四 下午2:41写道：`, '周五可以吗？'],
  ['zh-tw', '好的。', `${J} 於 2014年6月26日 週四 下午2:41寫道：`, '週五可以嗎？'],
  ['ko', '좋습니다.', `2014년 6월 26일 (목) 오후 2:41, ${J}님이 작성:`, '금요일 괜찮으세요?'],
];

/** Outlook's header block (no marker line) in each language: From, Sent, To, Subject. */
const OUTLOOK: [string, string, [string, string, string, string]][] = [
  ['en', 'Thanks, received.', ['From', 'Sent', 'To', 'Subject']],
  ['de', 'Danke, erhalten.', ['Von', 'Gesendet', 'An', 'Betreff']],
  ['fr', 'Merci, bien reçu.', ['De', 'Envoyé', 'À', 'Objet']],
  ['es', 'Gracias, recibido.', ['De', 'Enviado el', 'Para', 'Asunto']],
  ['it', 'Grazie, ricevuto.', ['Da', 'Inviato', 'A', 'Oggetto']],
  ['pt', 'Obrigado, recebido.', ['De', 'Enviada', 'Para', 'Assunto']],
  ['nl', 'Bedankt, ontvangen.', ['Van', 'Verzonden', 'Aan', 'Onderwerp']],
  ['da', 'Tak, modtaget.', ['Fra', 'Sendt', 'Til', 'Emne']],
  ['sv', 'Tack, mottaget.', ['Från', 'Skickat', 'Till', 'Ämne']],
  ['no', 'Takk, mottatt.', ['Fra', 'Sendt', 'Til', 'Emne']],
  ['fi', 'Kiitos, vastaanotettu.', ['Lähettäjä', 'Lähetetty', 'Vastaanottaja', 'Aihe']],
  ['pl', 'Dziękuję, otrzymałem.', ['Od', 'Wysłano', 'Do', 'Temat']],
  ['cs', 'Díky, přijato.', ['Od', 'Odesláno', 'Komu', 'Předmět']],
  ['hu', 'Köszönöm, megkaptam.', ['Feladó', 'Elküldve', 'Címzett', 'Tárgy']],
  ['ro', 'Mulțumesc, primit.', ['De la', 'Trimis', 'Către', 'Subiect']],
  ['ru', 'Спасибо, получил.', ['От', 'Отправлено', 'Кому', 'Тема']],
  ['uk', 'Дякую, отримав.', ['Від', 'Надіслано', 'Кому', 'Тема']],
  ['bg', 'Благодаря, получих.', ['От', 'Изпратено', 'До', 'Относно']],
  ['hr', 'Hvala, primljeno.', ['Šalje', 'Poslano', 'Prima', 'Predmet']],
  ['tr', 'Teşekkürler, aldım.', ['Kimden', 'Gönderildi', 'Kime', 'Konu']],
  ['el', 'Ευχαριστώ, το έλαβα.', ['Από', 'Στάλθηκε', 'Προς', 'Θέμα']],
  ['ca', 'Gràcies, rebut.', ['De', 'Enviat el', 'Per a', 'Tema']],
  ['vi', 'Cảm ơn, đã nhận.', ['Từ', 'Đã gửi', 'Đến', 'Chủ đề']],
  ['id', 'Terima kasih, sudah diterima.', ['Dari', 'Dikirim', 'Kepada', 'Perihal']],
  ['ar', 'شكرا، تم الاستلام.', ['من', 'أرسلت', 'إلى', 'الموضوع']],
  ['he', 'תודה, התקבל.', ['מאת', 'נשלח', 'אל', 'נושא']],
  ['ja', '受け取りました。', ['差出人', '送信日時', '宛先', '件名']],
  ['zh', '收到，谢谢。', ['发件人', '发送时间', '收件人', '主题']],
  ['ko', '받았습니다.', ['보낸 사람', '보낸 날짜', '받는 사람', '제목']],
];

function gmailText([lang, reply, attribution, quoted]: (typeof GMAIL)[number]): ReplyCase {
  return { client: 'Gmail', lang, body: `${reply}\n\n${attribution}\n\n> ${quoted}\n>\n`, reply };
}

function gmailHtml([lang, reply, attribution, quoted]: (typeof GMAIL)[number]): ReplyCase {
  const attr = attribution.replace('<', '&lt;').replace('>', '&gt;');
  return {
    client: 'Gmail (HTML)',
    lang,
    html: true,
    body: `<div dir="ltr">${reply}</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${attr}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div dir="ltr">${quoted}</div></blockquote></div>`,
    reply,
  };
}

function outlookText([lang, reply, [from, sent, to, subject]]: (typeof OUTLOOK)[number]): ReplyCase {
  return {
    client: 'Outlook',
    lang,
    body: `${reply}\n\n${from}: ${J}\n${sent}: 26.06.2014 14:41\n${to}: Anna <anna@acme.com>\n${subject}: 42\n\nInvoice 42 is attached.\n`,
    reply,
  };
}

function outlookHtml([lang, reply, [from, sent, to, subject]]: (typeof OUTLOOK)[number]): ReplyCase {
  // Outlook desktop (Word HTML): the header block sits in a div with a top border, the quoted message follows it.
  return {
    client: 'Outlook (HTML)',
    lang,
    html: true,
    body: `<html><body lang="EN-US"><div class="WordSection1"><p class="MsoNormal">${reply}<o:p></o:p></p><p class="MsoNormal"><o:p>&nbsp;</o:p></p><div><div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p class="MsoNormal"><b>${from}:</b> John Doe &lt;john.doe@acme.com&gt;<br><b>${sent}:</b> 26.06.2014 14:41<br><b>${to}:</b> Anna &lt;anna@acme.com&gt;<br><b>${subject}:</b> 42<o:p></o:p></p></div></div><p class="MsoNormal"><o:p>&nbsp;</o:p></p><p class="MsoNormal">Invoice 42 is attached.<o:p></o:p></p></div></body></html>`,
    reply,
  };
}

export const REPLY_CASES: ReplyCase[] = [
  ...GMAIL.map(gmailText),
  ...GMAIL.map(gmailHtml),
  ...OUTLOOK.map(outlookText),
  ...OUTLOOK.map(outlookHtml),
  // Outlook's "original message" separators and date-first or To-first blocks.
  {
    client: 'Outlook',
    lang: 'da',
    body: `Tak.\n\n-----Oprindelig Meddelelse-----\nFra: John Doe [mailto:john.doe@acme.com]\nSendt: 26. juni 2014 14:41\nTil: Anna\nEmne: Faktura 42\n\nVedhæftet.`,
    reply: 'Tak.',
  },
  {
    client: 'Outlook',
    lang: 'de',
    body: 'Danke.\n\n-----Original-Nachricht-----\nVon: John Doe\nGesendet: Donnerstag, 26. Juni 2014 14:41\nAn: Anna\nBetreff: Rechnung 42\n\nBitte zahlen.',
    reply: 'Danke.',
  },
  {
    client: 'Hotmail',
    lang: 'en',
    body: 'Ok, will do.\n\nDate: Thu, 26 Jun 2014 14:00:51 +0400\nSubject: Invoice 42\nFrom: john.doe@acme.com\nTo: anna@acme.com\n\nPlease pay.',
    reply: 'Ok, will do.',
  },
  {
    client: 'Outlook',
    lang: 'en',
    body: 'Ok, will do.\n\nTo: anna@acme.com\nFrom: john.doe@acme.com\nDate: Thu, 26 Jun 2014 14:00:51 +0400\nSubject: Invoice 42\n\nPlease pay.',
    reply: 'Ok, will do.',
  },
  {
    client: 'Outlook',
    lang: 'fr',
    body: 'Merci.\n\n**De :** John Doe <john.doe@acme.com>\n**Envoyé :** jeudi 26 juin 2014 14:41\n**À :** Anna\n**Objet :** Facture 42\n\nCi-joint.',
    reply: 'Merci.',
  },
  {
    client: 'Outlook',
    lang: 'fr',
    body: 'Merci.\n\n** De : John Doe <john.doe@acme.com> **\n** Envoyé : jeudi 26 juin 2014 14:41 **\n** À : Anna **\n** Objet : Facture 42 **\n\nCi-joint.',
    reply: 'Merci.',
  },
  {
    client: 'Onet Poczta',
    lang: 'pl',
    body: 'Dzięki, zapłacone.\n\nTemat: Faktura 42\nNadawca: John Doe <john.doe@acme.com>\nData: 26.06.2014 14:41\nAdresat: anna@acme.com\n\nProszę o zapłatę.',
    reply: 'Dzięki, zapłacone.',
  },
  {
    client: 'Apple Mail',
    lang: 'pl',
    body: `Dziękuję.\n\nWiadomość napisana przez ${J} w dniu 26.06.2014, o godz. 14:41:\n\n> Proszę o zapłatę.\n`,
    reply: 'Dziękuję.',
  },
  ...(
    [
      ['nl', 'Prima.', `Op 26 jun. 2014 om 14:41 heeft ${J} het volgende geschreven:`],
      ['ja', '了解です。', `2014/06/26 14:41、${J}のメール:`],
      ['cs', 'Ano.', `26. 6. 2014 v 14:41, ${J}:`],
      ['fi', 'Kyllä.', `${J} kirjoitti 26.6.2014 kello 14.41:`],
      ['ru', 'Да.', `26 июня 2014 г., в 14:41, ${J} написал(а):`],
      ['tr', 'Evet.', `26 Haz 2014 tarihinde 14:41 saatinde, ${J} şunları yazdı:`],
      ['ko', '네.', `2014. 6. 26. 오후 2:41, ${J} 작성:`],
      ['he', 'כן.', `ב-26 ביוני 2014, בשעה 14:41, ${J} כתב/ה:`],
    ] as const
  ).map(([lang, reply, attribution]) => ({
    client: 'Apple Mail (HTML)',
    lang,
    html: true,
    body: `<html><body><div>${reply}</div><div><br><blockquote type="cite"><div>${attribution.replace('<', '&lt;').replace('>', '&gt;')}</div><br><div>Pay?</div></blockquote></div></body></html>`,
    reply,
  })),
  {
    client: 'Apple Mail',
    lang: 'de',
    body: `Danke.\n\n> Am 26.06.2014 um 14:41 schrieb ${J}:\n> \n> Bitte zahlen.\n`,
    reply: 'Danke.',
  },
  {
    client: 'Outlook for Mac',
    lang: 'de',
    body: `Danke.\n\nAm 26.05.2017 um 14:41 schrieb ${J}\n\n> Bitte zahlen.\n`,
    reply: 'Danke.',
  },
  {
    client: 'Thunderbird',
    lang: 'de',
    body: `Danke.\n\nAm 26.5.2017\num 14:41 schrieb ${J}:\n> Bitte zahlen.\n`,
    reply: 'Danke.',
  },
  {
    client: 'GMX',
    lang: 'de',
    body: 'Danke.\n\n-------- Original-Nachricht --------\n> Datum: Thu, 26 Jun 2014 14:41:00 +0200\n> Von: John Doe <john.doe@acme.com>\n> An: anna@acme.com\n> Betreff: Rechnung 42\n\n> Bitte zahlen.\n',
    reply: 'Danke.',
  },
  {
    client: 'web.de',
    lang: 'de',
    body: 'Danke.\n\nGesendet: Donnerstag, 26. Juni 2014 um 14:41 Uhr\nVon: "John Doe" <john.doe@acme.com>\nAn: anna@acme.com\nBetreff: Rechnung 42\n\nBitte zahlen.',
    reply: 'Danke.',
  },
  {
    client: 'Yandex',
    lang: 'ru',
    body: 'Хорошо.\n\n26.06.2014, 14:41, "John Doe" <john.doe@acme.com>:\n> Договорились?\n',
    reply: 'Хорошо.',
  },
  {
    client: 'Mail.ru',
    lang: 'ru',
    body: `Хорошо.\n\n\nThu, 26 Jun 2014 14:00:51 +0400 от ${J}:\n>Договорились?\n`,
    reply: 'Хорошо.',
  },
  {
    client: 'Mail.ru',
    lang: 'ru',
    body: `Хорошо.\n\n\nЧетверг, 26 июня 2014, 14:41 +04:00 от ${J}:\n>Договорились?\n`,
    reply: 'Хорошо.',
  },
  {
    client: 'Zoho',
    lang: 'en',
    body: `Done.\n\n---- On Thu, 26 Jun 2014 14:00:51 +0400 ${J} wrote ----\n\nPlease pay.\n`,
    reply: 'Done.',
  },
  {
    client: 'Zoho',
    lang: 'de',
    body: `Erledigt.\n\n---- Am Do., 26 Jun 2014 14:00:51 +0400 ${J} schrieb ----\n\nBitte zahlen.\n`,
    reply: 'Erledigt.',
  },
  {
    client: 'Outlook for Android',
    lang: 'en',
    body: `Sure.\n\nGet Outlook for Android<https://aka.ms/ghei36>\n\n________________________________\nFrom: ${J}\nSent: Thursday, June 26, 2014 2:41:00 PM\nTo: anna@acme.com\nSubject: Invoice 42\n\nPlease pay.`,
    reply: 'Sure.\n\nGet Outlook for Android<https://aka.ms/ghei36>',
  },
  {
    client: 'Outlook for Android',
    lang: 'en',
    body: 'Sure.\n\nGet Outlook for Android<https://aka.ms/ghei36>\n\nOn Thu, Jun 26, 2014 at 2:41 PM +0400, "John Doe" <john.doe@acme.com<mailto:john.doe@acme.com>> wrote:\n\nPlease pay.\n',
    reply: 'Sure.\n\nGet Outlook for Android<https://aka.ms/ghei36>',
  },
  {
    client: 'Outlook for Android',
    lang: 'es',
    body: 'Claro.\n\nObtener Outlook para Android<https://aka.ms/ghei36>\n\n________________________________\nDe: John Doe <john.doe@acme.com>\nEnviado: jueves, 26 de junio de 2014 14:41\nPara: anna@acme.com\nAsunto: Factura 42\n\nPor favor pague.',
    reply: 'Claro.\n\nObtener Outlook para Android<https://aka.ms/ghei36>',
  },
  // Samsung Email: an "original message" marker line over a header block.
  {
    client: 'Samsung Email',
    lang: 'en',
    body: `Ok.\n\n-------- Original message --------\nFrom: ${J}\nDate: 26/06/2014 14:41 (GMT+04:00)\nTo: anna@acme.com\nSubject: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'de',
    body: `Ok.\n\n-------- Ursprüngliche Nachricht --------\nVon: ${J}\nDatum: 26/06/2014 14:41 (GMT+04:00)\nAn: anna@acme.com\nBetreff: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'fr',
    body: `Ok.\n\n-------- Message d'origine --------\nDe: ${J}\nDate: 26/06/2014 14:41 (GMT+04:00)\nÀ: anna@acme.com\nObjet: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'es',
    body: `Ok.\n\n-------- Mensaje original --------\nDe: ${J}\nFecha: 26/06/2014 14:41 (GMT+04:00)\nPara: anna@acme.com\nAsunto: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'it',
    body: `Ok.\n\n-------- Messaggio originale --------\nDa: ${J}\nData: 26/06/2014 14:41 (GMT+04:00)\nA: anna@acme.com\nOggetto: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'nl',
    body: `Ok.\n\n-------- Oorspronkelijk bericht --------\nVan: ${J}\nDatum: 26/06/2014 14:41 (GMT+04:00)\nAan: anna@acme.com\nOnderwerp: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'pt',
    body: `Ok.\n\n-------- Mensagem original --------\nDe: ${J}\nData: 26/06/2014 14:41 (GMT+04:00)\nPara: anna@acme.com\nAssunto: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'ru',
    body: `Ок.\n\n-------- Исходное сообщение --------\nОт: ${J}\nДата: 26/06/2014 14:41 (GMT+04:00)\nКому: anna@acme.com\nТема: 42\n\nInvoice 42 is attached.`,
    reply: 'Ок.',
  },
  {
    client: 'Samsung Email',
    lang: 'pl',
    body: `Ok.\n\n-------- Oryginalna wiadomość --------\nOd: ${J}\nData: 26/06/2014 14:41 (GMT+04:00)\nDo: anna@acme.com\nTemat: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'tr',
    body: `Tamam.\n\n-------- Orijinal mesaj --------\nKimden: ${J}\nTarih: 26/06/2014 14:41 (GMT+04:00)\nAlıcı: anna@acme.com\nKonu: 42\n\nInvoice 42 is attached.`,
    reply: 'Tamam.',
  },
  {
    client: 'Samsung Email',
    lang: 'sv',
    body: `Ok.\n\n-------- Originalmeddelande --------\nFrån: ${J}\nDatum: 26/06/2014 14:41 (GMT+04:00)\nTill: anna@acme.com\nÄmne: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'cs',
    body: `Ok.\n\n-------- Původní zpráva --------\nOd: ${J}\nDatum: 26/06/2014 14:41 (GMT+04:00)\nKomu: anna@acme.com\nPředmět: 42\n\nInvoice 42 is attached.`,
    reply: 'Ok.',
  },
  {
    client: 'Samsung Email',
    lang: 'el',
    body: `Εντάξει.\n\n-------- Αρχικό μήνυμα --------\nΑπό: ${J}\nΗμερομηνία: 26/06/2014 14:41 (GMT+04:00)\nΠρος: anna@acme.com\nΘέμα: 42\n\nInvoice 42 is attached.`,
    reply: 'Εντάξει.',
  },
  {
    client: 'Samsung Email',
    lang: 'sl',
    body: `V redu.\n\n-------- Izvirno sporočilo --------\nOd: ${J}\nDatum: 26/06/2014 14:41 (GMT+04:00)\nZa: anna@acme.com\nZadeva: 42\n\nInvoice 42 is attached.`,
    reply: 'V redu.',
  },
  {
    client: 'Samsung Email',
    lang: 'ca',
    body: `Entesos.\n\n-------- Missatge original --------\nDe: ${J}\nData: 26/06/2014 14:41 (GMT+04:00)\nA: anna@acme.com\nAssumpte: 42\n\nInvoice 42 is attached.`,
    reply: 'Entesos.',
  },
  {
    client: 'Lotus Notes',
    lang: 'en',
    body: 'Agreed.\n\n\n\nJohn Doe/ACME wrote on 26.06.2014 14:41:45:\n\n> Can we agree?\n',
    reply: 'Agreed.',
  },
  {
    client: 'Lotus Notes',
    lang: 'de',
    body: 'Einverstanden.\n\n\n\nVon:\tJohn Doe/ACME\nAn:\tAnna Smith/ACME@ACME\nDatum:\t26.06.2014 14:41\nBetreff:\tVertrag\n\nEinverstanden?',
    reply: 'Einverstanden.',
  },
  {
    client: 'Yahoo',
    lang: 'en',
    body: `Paid.\n\n\n--- On Thu, 6/26/14, ${J} wrote:\n\n> From: ${J}\n> Subject: Invoice 42\n> To: anna@acme.com\n> Date: Thursday, June 26, 2014, 2:41 PM\n> \n> Please pay.\n`,
    reply: 'Paid.',
  },
  {
    client: 'Outlook on the web 2010 (HTML)',
    lang: 'en',
    html: true,
    body: '<html><body><div style="direction: ltr;font-family: Tahoma;color: #000000;font-size: 10pt;">Paid.<br><div style="font-family: Times New Roman; color: #000000; font-size: 16px"><hr tabindex="-1"><div id="divRpF482913" style="direction: ltr;"><font face="Tahoma" size="2" color="#000000"><b>From:</b> John Doe<br><b>Sent:</b> Thursday, June 26, 2014 2:41 PM<br><b>To:</b> Anna<br><b>Subject:</b> Invoice 42<br></font><br></div><div></div><div>Please pay.</div></div></div></body></html>',
    reply: 'Paid.',
  },
  {
    client: 'Roundcube (HTML)',
    lang: 'de',
    html: true,
    body: '<html><body style="font-size: 10pt; font-family: Verdana,Geneva,sans-serif"><p>Danke, erledigt.</p><p>Am 2014-06-26 14:41, schrieb John Doe:</p><blockquote type="cite" style="padding: 0 0.4em; border-left: #1010ff 2px solid; margin: 0"><p>Bitte zahlen.</p></blockquote></body></html>',
    reply: 'Danke, erledigt.',
  },
  // Signatures stay: only the quoted history goes.
  {
    client: 'iPhone Mail',
    lang: 'en',
    body: `Paid, thanks.\n\nSent from my iPhone\n\n> On 26 Jun 2014, at 14:41, ${J} wrote:\n>\n> Please pay invoice 42.\n`,
    reply: 'Paid, thanks.\n\nSent from my iPhone',
  },
  {
    client: 'Sparrow',
    lang: 'en',
    body: 'Ok.\n\n-- \nAnna\nSent with Sparrow (http://www.sparrowmailapp.com/?sig)\n\nOn Thursday, June 26, 2014 at 2:41 PM, John Doe wrote:\n\n> Can you pay?\n',
    reply: 'Ok.\n\n-- \nAnna\nSent with Sparrow (http://www.sparrowmailapp.com/?sig)',
  },
  {
    client: 'Mutt',
    lang: 'en',
    body: 'Paid.\n\n-- \nAnna Smith\nACME Ltd\n\nOn Thu, Jun 26, 2014 at 02:41:00PM +0400, John Doe wrote:\n> Can you pay?\n',
    reply: 'Paid.\n\n-- \nAnna Smith\nACME Ltd',
  },
  // Bottom-posting and inline answers: every line the sender wrote, no quoted line.
  {
    client: 'Thunderbird',
    lang: 'en',
    body: 'On 26.06.2014 14:41, John Doe wrote:\n> Can you pay?\n\nYes, today.\n\n-- \nAnna\n',
    reply: 'Yes, today.\n\n-- \nAnna',
  },
  {
    client: 'Thunderbird',
    lang: 'en',
    body: 'On 26.06.2014 14:41, John Doe wrote:\n> Can you pay?\nYes.\n> When?\nToday.\n> Which account?\n\nThe usual one.\n',
    reply: 'Yes.\nToday.\n\nThe usual one.',
  },
  {
    client: 'Mutt',
    lang: 'de',
    body: 'Hallo John,\n\n* John Doe <john.doe@acme.com> [2014-06-26 14:41 +0200]:\n> Kannst du zahlen?\n\nJa.\n\n> Wann?\n\nHeute.\n\nGruß\nAnna\n',
    reply: 'Hallo John,\n\nJa.\n\nHeute.\n\nGruß\nAnna',
  },
  // Messages with no history stay whole.
  {
    client: 'Gmail',
    lang: 'en',
    body: 'Please send the signed copy to billing@acme.com:\n\n1. Sign page 3.\n2. Scan it.\n\nThanks,\nAnna',
    reply: 'Please send the signed copy to billing@acme.com:\n\n1. Sign page 3.\n2. Scan it.\n\nThanks,\nAnna',
  },
  {
    client: 'Gmail',
    lang: 'en',
    body: 'Our records show:\nFrom: 1 March\nTo: 31 March\nAmount: 42 EUR\n\nRegards',
    reply: 'Our records show:\nFrom: 1 March\nTo: 31 March\nAmount: 42 EUR\n\nRegards',
  },
  {
    client: 'Web form',
    lang: 'en',
    body: 'New message from the contact form.\n\nFrom: Jane Roe <jane@roe.example>\nSubject: Quote request\nMessage: Please quote 40 chairs.',
    reply:
      'New message from the contact form.\n\nFrom: Jane Roe <jane@roe.example>\nSubject: Quote request\nMessage: Please quote 40 chairs.',
  },
  // Nothing but a forward: the whole text is the reply, never an empty one.
  {
    client: 'Gmail',
    lang: 'en',
    body: `---------- Forwarded message ---------\nFrom: ${J}\nDate: Thu, Jun 26, 2014 at 2:41 PM\nSubject: Invoice 42\nTo: <anna@acme.com>\n\nPlease pay.\n`,
    reply: `---------- Forwarded message ---------\nFrom: ${J}\nDate: Thu, Jun 26, 2014 at 2:41 PM\nSubject: Invoice 42\nTo: <anna@acme.com>\n\nPlease pay.`,
  },
  // HTML: the structure each client writes.
  {
    client: 'Gmail (HTML)',
    lang: 'en',
    html: true,
    body: `<div dir="ltr">See my answers below.</div><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Thu, Jun 26, 2014 at 2:41 PM John Doe &lt;john.doe@acme.com&gt; wrote:<br></div><blockquote class="gmail_quote">Can you pay?</blockquote><div>Yes, today.</div><blockquote class="gmail_quote">Which account?</blockquote><div>The usual one.</div></div>`,
    reply: 'See my answers below.\n\nYes, today.\n\nThe usual one.',
  },
  {
    client: 'Outlook on the web (HTML)',
    lang: 'de',
    html: true,
    body: '<div style="font-family:Calibri">Erledigt.</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000"><b>Von:</b> John Doe &lt;john.doe@acme.com&gt;<br><b>Gesendet:</b> Donnerstag, 26. Juni 2014 14:41<br><b>An:</b> Anna<br><b>Betreff:</b> Rechnung 42</font><div>&nbsp;</div></div><div>Bitte zahlen.</div>',
    reply: 'Erledigt.',
  },
  {
    client: 'Outlook for Android (HTML)',
    lang: 'en',
    html: true,
    body: '<div dir="auto">Sure.</div><div dir="auto"><br></div><div id="ms-outlook-mobile-signature" dir="auto">Get <a href="https://aka.ms/AAb9ysg">Outlook for Android</a></div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000"><b>From:</b> John Doe &lt;john.doe@acme.com&gt;<br><b>Sent:</b> Thursday, June 26, 2014 2:41:00 PM<br><b>To:</b> anna@acme.com<br><b>Subject:</b> Invoice 42</font><div>&nbsp;</div></div><div>Please pay.</div>',
    // The empty <div><br></div> between them is an empty line, as the client shows it.
    reply: 'Sure.\n\nGet Outlook for Android',
  },
  {
    client: 'Apple Mail (HTML)',
    lang: 'pl',
    html: true,
    body: '<html><body style="word-wrap: break-word;"><div>Dziękuję.</div><div><br><blockquote type="cite"><div>Wiadomość napisana przez John Doe &lt;<a href="mailto:john.doe@acme.com">john.doe@acme.com</a>&gt; w dniu 26.06.2014, o godz. 14:41:</div><br class="Apple-interchange-newline"><div><div>Proszę o zapłatę.</div></div></blockquote></div><br></body></html>',
    reply: 'Dziękuję.',
  },
  {
    client: 'iPhone Mail (HTML)',
    lang: 'en',
    html: true,
    body: '<html><body dir="auto"><div dir="ltr">Paid, thanks.</div><div dir="ltr"><br><div>Sent from my iPhone</div><div><br><blockquote type="cite">On 26 Jun 2014, at 14:41, John Doe &lt;john.doe@acme.com&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">Please pay invoice 42.</div></blockquote></div></body></html>',
    // The <br> before the signature's block is an empty line, as the client shows it.
    reply: 'Paid, thanks.\n\nSent from my iPhone',
  },
  {
    client: 'Thunderbird (HTML)',
    lang: 'en',
    html: true,
    body: '<html><body><div class="moz-cite-prefix">On 26.06.2014 14:41, John Doe wrote:<br></div><blockquote type="cite" cite="mid:1@acme.com">Can you pay?</blockquote><p>Yes, today.</p><div class="moz-signature">-- <br>Anna</div></body></html>',
    reply: 'Yes, today.\n\n--\nAnna',
  },
  {
    client: 'Thunderbird (HTML)',
    lang: 'de',
    html: true,
    body: '<html><body><p>Danke.</p><div class="moz-cite-prefix">Am 26.06.2014 um 14:41 schrieb John Doe:<br></div><blockquote type="cite">Bitte zahlen.</blockquote></body></html>',
    reply: 'Danke.',
  },
  {
    client: 'Yahoo (HTML)',
    lang: 'en',
    html: true,
    body: '<html><body><div class="ydp1a2b3c4dyahoo-style-wrap"><div dir="ltr">Paid today.</div></div><div id="ydp5e6f7a8byahoo_quoted_123" class="ydp5e6f7a8byahoo_quoted"><div style="font-family:\'Helvetica Neue\'"><div>On Thursday, 26 June 2014, 14:41:00 GMT+4, John Doe &lt;john.doe@acme.com&gt; wrote:</div><div><br></div><div>Please pay.</div></div></div></body></html>',
    reply: 'Paid today.',
  },
  {
    client: 'Yandex (HTML)',
    lang: 'ru',
    html: true,
    body: '<div>Хорошо.</div><div>&nbsp;</div><div>26.06.2014, 14:41, "John Doe" &lt;john.doe@acme.com&gt;:</div><blockquote><div>Договорились?</div></blockquote>',
    reply: 'Хорошо.',
  },
  {
    client: 'Mail.ru (HTML)',
    lang: 'ru',
    html: true,
    body: '<div>Хорошо.</div><br><br>Thu, 26 Jun 2014 14:00:51 +0400 от John Doe &lt;john.doe@acme.com&gt;:<br><blockquote style="border-left:1px solid #0857A6; margin:10px; padding:0 0 0 10px;"><div>Договорились?</div></blockquote>',
    reply: 'Хорошо.',
  },
  {
    client: 'Hotmail (HTML)',
    lang: 'en',
    html: true,
    body: '<html><body><div dir="ltr">Ok, will do.<br><br><div><hr id="stopSpelling">Date: Thu, 26 Jun 2014 14:00:51 +0400<br>Subject: Invoice 42<br>From: john.doe@acme.com<br>To: anna@acme.com<br><br>Please pay.</div></div></body></html>',
    reply: 'Ok, will do.',
  },
  {
    client: 'web.de (HTML)',
    lang: 'de',
    html: true,
    body: '<html><body><div style="font-family: Verdana;font-size: 12.0px;"><div>Danke.</div><div>&nbsp;<div>&nbsp;<div name="quote" style="margin:10px 5px 5px 10px; padding: 10px 0 10px 10px; border-left:2px solid #C3D9E5;"><div style="margin:0 0 10px 0;"><b>Gesendet:</b>&nbsp;Donnerstag, 26. Juni 2014 um 14:41 Uhr<br><b>Von:</b>&nbsp;"John Doe" &lt;john.doe@acme.com&gt;<br><b>An:</b>&nbsp;anna@acme.com<br><b>Betreff:</b>&nbsp;Rechnung 42</div><div name="quoted-content">Bitte zahlen.</div></div></div></div></div></body></html>',
    reply: 'Danke.',
  },
  {
    client: 'Zoho (HTML)',
    lang: 'en',
    html: true,
    body: '<div>Done.</div><div class="zmail_extra_hr" style="border-top: 1px solid rgb(204, 204, 204); height: 0px; margin-top: 10px;"></div><div class="zmail_extra" data-zmail_extra=""><div><br></div><div id="Zm-_Id_-Sgn1">---- On Thu, 26 Jun 2014 14:00:51 +0400 <b>John Doe &lt;john.doe@acme.com&gt;</b> wrote ---</div><div><br></div><blockquote style="margin: 0px;"><div>Please pay.</div></blockquote></div>',
    reply: 'Done.',
  },
  {
    client: 'Zimbra (HTML)',
    lang: 'fr',
    html: true,
    body: '<html><body><div style="font-family: arial"><div>Merci.</div><br><hr id="zwchr"><div style="color:#000;font-weight:normal;font-style:normal;text-decoration:none;font-family:Helvetica,Arial,sans-serif;font-size:12pt;"><b>De: </b>"John Doe" &lt;john.doe@acme.com&gt;<br><b>À: </b>"Anna" &lt;anna@acme.com&gt;<br><b>Envoyé: </b>Jeudi 26 Juin 2014 14:41:00<br><b>Objet: </b>Facture 42<br><br>Merci de payer.</div></div></body></html>',
    reply: 'Merci.',
  },
  {
    client: 'ProtonMail (HTML)',
    lang: 'en',
    html: true,
    body: '<div style="font-family: Arial">Paid.</div><div class="protonmail_signature_block"><div>Sent with Proton Mail secure email.</div></div><div><br></div><div class="protonmail_quote">On Thursday, June 26th, 2014 at 14:41, John Doe &lt;john.doe@acme.com&gt; wrote:<br><br><blockquote class="protonmail_quote" type="cite"><div>Please pay.</div></blockquote><br></div>',
    reply: 'Paid.\nSent with Proton Mail secure email.',
  },
  {
    client: 'Outlook for Mac (HTML)',
    lang: 'en',
    html: true,
    body: '<html><body><div><div style="font-family:Calibri">Done.</div></div><div style="font-family:Calibri"><br></div><span id="OLK_SRC_BODY_SECTION"><div style="border:none;border-top:solid #B5C4DF 1.0pt;padding:3.0pt 0in 0in 0in"><span style="font-weight:bold">From: </span>John Doe &lt;john.doe@acme.com&gt;<br><span style="font-weight:bold">Date: </span>Thursday, 26 June 2014 14:41<br><span style="font-weight:bold">To: </span>Anna<br><span style="font-weight:bold">Subject: </span>Invoice 42<br></div><div><br></div><div>Please pay.</div></span></body></html>',
    reply: 'Done.',
  },
  {
    client: 'Gmail (HTML)',
    lang: 'en',
    html: true,
    body: '<div dir="ltr">Thanks, noted.<br clear="all"><div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature">Anna Smith<br>ACME Ltd</div></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">Am Do., 26. Juni 2014 um 14:41 Uhr schrieb John Doe &lt;<a href="mailto:john.doe@acme.com">john.doe@acme.com</a>&gt;:<br></div><blockquote class="gmail_quote">Bitte zahlen.</blockquote></div>',
    reply: 'Thanks, noted.\n\n--\nAnna Smith\nACME Ltd',
  },
  {
    client: 'HTML mail without history',
    lang: 'en',
    html: true,
    body: '<p>As the contract says:</p><blockquote>Payment is due within 30 days.</blockquote><p>So please pay by Friday.</p>',
    reply: 'As the contract says:\n\nPayment is due within 30 days.\n\nSo please pay by Friday.',
  },
];

/**
 * Real replies and forwards of the shared corpus (../shared/corpus/eml, origins and licences in
 * its SOURCES.md), labelled by hand: the lines their sender wrote, signature included.
 */
export const CORPUS_REPLIES: { path: string; reply: string }[] = [
  {
    path: 'php-mime-mail-parser/issue84.eml',
    reply: '+1 from me.\n\n--\nFerenc Kovács\n@Tyr43l - http://tyrael.hu',
  },
  { path: 'mimekit/epilogue.eml', reply: 'Don\'t you mean: "NeXTstep, NeXTSTEP, NEXTSTEP..."?' },
  { path: 'deltachat-core/mailinglist_with_mimepart_footer_signed.eml', reply: 'content text\n\nfooter text' },
  {
    path: 'deltachat-core/wrong-html.eml',
    reply:
      'Guten Abend,\n\nLots of text\ntext with Umlaut ä...\nMfG\n\n--------------------------------------\n\nCamping\n\nsomeaddress\n\nsometown',
  },
  {
    path: 'mikel-mail/attachment_with_base64_encoded_name.eml',
    reply: 'We should not include these files or vcards as attachments.',
  },
  {
    path: 'mikel-mail/attachment_with_encoded_name.eml',
    reply: 'We should not include these files or vcards as attachments.',
  },
  { path: 'mikel-mail/raw_email2.eml', reply: 'We should not include these files or vcards as attachments.' },
  // A forward with no note of the forwarder's: the whole text, not an empty reply.
  {
    path: 'flanker/multi-received-headers.eml',
    reply:
      '---------- Forwarded message ----------\nFrom: Bob Simple <hello@example.com>\nDate: Wed, Feb 9, 2011 at 11:55 AM\nSubject: Fwd: Please forward this email to me\nTo: Hello <hello@example.com>\n\n---------- Forwarded message ----------\nFrom: Hello <example@example.com>\nDate: Wed, Feb 9, 2011 at 11:54 AM\nSubject: Please forward this email to me\nTo: Bob Simple <hello@example.com>\n\nForward please\n\n--\nRegards,\nHello',
  },
];

// Forwarded mail as each client writes it. Samples marked crisp-oss/email-forward-parser are
// copied verbatim from that project's test fixtures (https://github.com/crisp-oss/email-forward-parser,
// MIT licence, Copyright (c) 2021 Crisp); the others are written here after the same client's format.
// The original is always John Doe <john.doe@acme.com>, subject 'Integer consequat non purus'.
export interface ForwardSample { client: string; lang: string; origin: string; subject: string; body: string }

export const FORWARDS: ForwardSample[] = [
 {
  "client": "Apple Mail",
  "lang": "de",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_de_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Anfang der weitergeleiteten Nachricht:\n>\n> Von: John Doe <john.doe@acme.com>\n> Betreff: Integer consequat non purus\n> Datum: 26. Oktober 2021 um 14:25:08 OESZ\n> An: bessie.berry@acme.com\n> Kopie: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "Apple Mail",
  "lang": "fr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_fr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Début du message réexpédié :\n>\n> De: John Doe <john.doe@acme.com>\n> Objet: Integer consequat non purus\n> Date: 26 octobre 2021 à 14:25:08 UTC+3\n> À: bessie.berry@acme.com\n> Cc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "Apple Mail",
  "lang": "ru",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_ru_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Начало переадресованного сообщения:\n>\n> Отправитель: John Doe <john.doe@acme.com>\n> Тема: Integer consequat non purus\n> Дата: 26 октября 2021 г. в 14:25:08 GMT+3\n> Кому: bessie.berry@acme.com\n> Копия: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "Apple Mail",
  "lang": "uk",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_uk_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Початок листа, що пересилається:\n>\n> Від кого: John Doe <john.doe@acme.com>\n> Тема: Integer consequat non purus\n> Дата: 26 жовтня 2021 р. о 14:25:08 GMT+3\n> Кому: bessie.berry@acme.com\n> Копія: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "Apple Mail",
  "lang": "tr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_tr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> İleti başlangıcı:\n>\n> Kimden: John Doe <john.doe@acme.com>\n> Konu: Integer consequat non purus\n> Tarih: 26 Ekim 2021 14:25:08 GMT+3\n> Kime: bessie.berry@acme.com\n> Bilgi: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "Gmail",
  "lang": "de",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_de_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\nVon: John Doe <john.doe@acme.com>\nDate: Mi., 27. Okt. 2021 um 09:31 Uhr\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "ru",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_ru_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\nОт: John Doe <john.doe@acme.com>\nDate: ср, 27 окт. 2021 г. в 09:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "uk",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_uk_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\nВід: John Doe <john.doe@acme.com>\nDate: ср, 27 жовт. 2021 о 09:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "tr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_tr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\nGönderen: John Doe <john.doe@acme.com>\nDate: 27 Eki 2021 Çar, 09:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "pl",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_pl_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\nOd: John Doe <john.doe@acme.com>\nDate: śr., 27 paź 2021 o 09:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "ja",
  "origin": "hand-written after the client's format (Gmail localises only the From label)",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\n差出人: John Doe <john.doe@acme.com>\nDate: 2021年10月27日(水) 9:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "zh",
  "origin": "hand-written after the client's format (Gmail localises only the From label)",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\n发件人： John Doe <john.doe@acme.com>\nDate: 2021年10月27日周三 上午9:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "ko",
  "origin": "hand-written after the client's format (Gmail localises only the From label)",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\n보낸사람: John Doe <john.doe@acme.com>\nDate: 2021년 10월 27일 (수) 오전 9:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "HubSpot",
  "lang": "ja",
  "origin": "crisp-oss/email-forward-parser test/fixtures/hubspot_ja_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- メッセージを転送 ---------\n送信元：John Doe <john.doe@acme.com>\n日付：2022年9月19日月曜日 17:55:44 -0400\n件名：Integer consequat non purus\n送信先：bessie.berry@acme.com\nCC：Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Missive",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/missive_en_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ----------\nFrom: John Doe <john.doe@acme.com>\nDate: July 19, 2022 at 3:09 PM\nTo: bessie.berry@acme.com\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\nSubject: Integer consequat non purus\n\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "MailMate",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/mailmate_en_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "Forwarded message:\n\n> From: John Doe <john.doe@acme.com>\n> To: bessie.berry@acme.com\n> Cc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n> Subject: Integer consequat non purus\n> Date: Wed, 27 Oct 2021 09:31:00 +0000\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "IONOS",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/ionos_one_and_one_en_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> ---------- Original Message ----------\n> From: John Doe <john.doe@acme.com>\n> To: \"bessie.berry@acme.com\" <bessie.berry@acme.com>\n> Date: 02/10/2023 4:52 PM EST\n> Subject: Integer consequat non purus\n>  \n>  \n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>\n"
 },
 {
  "client": "Thunderbird",
  "lang": "de",
  "origin": "crisp-oss/email-forward-parser test/fixtures/thunderbird_de_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "-------- Weitergeleitete Nachricht --------\nBetreff: \tInteger consequat non purus\nDatum: \tWed, 3 Nov 2021 15:51:30 +0100\nVon: \tJohn Doe <john.doe@acme.com>\nAn: \tbessie.berry@acme.com\nKopie (CC): \tWalter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\n\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Thunderbird",
  "lang": "ru",
  "origin": "crisp-oss/email-forward-parser test/fixtures/thunderbird_ru_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "-------- Перенаправленное сообщение --------\nТема: \tInteger consequat non purus\nДата: \tWed, 3 Nov 2021 15:51:30 +0100\nОт: \tJohn Doe <john.doe@acme.com>\nКому: \tbessie.berry@acme.com\nКопия: \tWalter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\n\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Yahoo",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_en_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- Forwarded Message ----- From: John Doe <john.doe@acme.com>To: \"bessie.berry@acme.com\" <bessie.berry@acme.com>Cc: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Sent: Tuesday, November 2, 2021, 09:26:50 AM GMT+1Subject: Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Yahoo",
  "lang": "ru",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_ru_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- Пересылаемое сообщение ----- От: John Doe <john.doe@acme.com>Кому: \"bessie.berry@acme.com\" <bessie.berry@acme.com>Копия: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Отправлено: вторник, 2 ноября 2021 г., 09:26:50 GMT+1Тема: Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Yahoo",
  "lang": "tr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_tr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- İletilmiş Mesaj ----- Kimden: John Doe <john.doe@acme.com>Kime: \"bessie.berry@acme.com\" <bessie.berry@acme.com>Cc: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Gönderilen: 2 Kasım 2021 Salı 09:26:50 GMT+1Konu: Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook on the web",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_live_body.txt (subject: the FW: form)",
  "subject": "FW: Integer consequat non purus",
  "body": "________________________________\nFrom: John Doe <john.doe@acme.com>\nSent: Wednesday, October 27, 2021 15:14\nTo: bessie.berry@acme.com <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>\nSubject: Integer consequat non purus\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook on the web",
  "lang": "fr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_live_body.txt with the French TR: subject",
  "subject": "TR: Integer consequat non purus",
  "body": "________________________________\nFrom: John Doe <john.doe@acme.com>\nSent: Wednesday, October 27, 2021 15:14\nTo: bessie.berry@acme.com <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>\nSubject: Integer consequat non purus\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "new Outlook",
  "lang": "de",
  "origin": "crisp-oss/email-forward-parser test/fixtures/new_outlook_2019_de_body.txt + _subject.txt",
  "subject": "WG: Integer consequat non purus",
  "body": "Von: John Doe <john.doe@acme.com>\nDatum: Donnerstag, 28. Oktober 2021 um 12:46\nAn: bessie.berry@acme.com <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\nBetreff: Integer consequat non purus\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "new Outlook",
  "lang": "ru",
  "origin": "crisp-oss/email-forward-parser test/fixtures/new_outlook_2019_ru_body.txt",
  "subject": "Пересл.: Integer consequat non purus",
  "body": "От: John Doe <john.doe@acme.com>\nДата: четверг, 28 октября 2021 г. в 12:46\nКому: bessie.berry@acme.com <bessie.berry@acme.com>\nКопия: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\nТема: Integer consequat non purus\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "new Outlook",
  "lang": "tr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/new_outlook_2019_tr_body.txt",
  "subject": "İLT: Integer consequat non purus",
  "body": "Kimden: John Doe <john.doe@acme.com>\nTarih: Perşembe, 28 Ekim 2021 12:46\nKime: bessie.berry@acme.com <bessie.berry@acme.com>\nBilgi: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\nKonu: Integer consequat non purus\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2019",
  "lang": "de",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_2019_de_body.txt",
  "subject": "WG: Integer consequat non purus",
  "body": "Am 28/10/2021, 12:46 schrieb \"John Doe\" <john.doe@acme.com>:\n\n    Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n    Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\n    Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2019",
  "lang": "ru",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_2019_ru_body.txt",
  "subject": "FW: Integer consequat non purus",
  "body": "28/10/2021, 12:46 пользователь \"John Doe\" <john.doe@acme.com> написал:\n\n    Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n    Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\n    Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2019",
  "lang": "tr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_2019_tr_body.txt",
  "subject": "FW: Integer consequat non purus",
  "body": "\"John Doe\" <john.doe@acme.com>, 28/10/2021 12:46 tarihinde şunu yazdı:\n\n    Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n    Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\n    Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2013",
  "lang": "en",
  "origin": "hand-written after the client's format (Outlook's mailto link rendered to text)",
  "subject": "FW: Integer consequat non purus",
  "body": "-----Original Message-----\nFrom: John Doe <john.doe@acme.com<mailto:john.doe@acme.com>>\nSent: Wednesday, October 27, 2021 3:14 PM\nTo: bessie.berry@acme.com\nSubject: Integer consequat non purus\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2016",
  "lang": "fr",
  "origin": "hand-written after the client's format",
  "subject": "TR: Integer consequat non purus",
  "body": "\n-----Message d'origine-----\nDe : John Doe [mailto:john.doe@acme.com]\nEnvoyé : mercredi 27 octobre 2021 15:14\nÀ : bessie.berry@acme.com\nObjet : Integer consequat non purus\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "iPhone Mail",
  "lang": "en",
  "origin": "hand-written after the client's format (iOS Mail: the Apple marker, unquoted)",
  "subject": "Fwd: Integer consequat non purus",
  "body": "Sent from my iPhone\n\nBegin forwarded message:\n\nFrom: John Doe <john.doe@acme.com>\nDate: 27 October 2021 at 09:31:00 EEST\nTo: bessie.berry@acme.com\nSubject: Integer consequat non purus\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Android Gmail",
  "lang": "ko",
  "origin": "hand-written after the client's format",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- 전달된 메일 ---------\n보낸 사람: John Doe <john.doe@acme.com>\n날짜: 2021년 10월 27일 (수) 오전 9:31\n제목: Integer consequat non purus\n받는 사람: <bessie.berry@acme.com>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Foxmail",
  "lang": "zh",
  "origin": "hand-written after the client's format",
  "subject": "转发: Integer consequat non purus",
  "body": "------------------ 原始邮件 ------------------\n发件人: \"John Doe\"<john.doe@acme.com>;\n发送时间: 2021年10月27日(星期三) 上午9:31\n收件人: \"bessie.berry\"<bessie.berry@acme.com>;\n主题: Integer consequat non purus\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 }
];

/** Replies that quote someone: not forwards. */
export const NOT_FORWARDS: ForwardSample[] = [
 {
  "client": "Gmail",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_en_body_alt_4.txt (a reply)",
  "subject": "Re: Integer consequat non purus",
  "body": "I’m fine and you?\n\nRegards,\n\ne.\n\nOn Wed, Oct 27, 2021 at 9:31 AM John Doe <john.doe@acme.com>\nwrote:\n\n> hello how are you?\n>"
 },
 {
  "client": "Outlook 2016",
  "lang": "en",
  "origin": "hand-written after the client's format (a reply quoting with the Original Message marker)",
  "subject": "RE: Integer consequat non purus",
  "body": "Thanks, done.\n\n-----Original Message-----\nFrom: John Doe <john.doe@acme.com>\nSent: Wednesday, October 27, 2021 3:14 PM\nSubject: Integer consequat non purus\n\nCan you check?"
 },
 {
  "client": "Outlook on the web",
  "lang": "de",
  "origin": "hand-written after the client's format (a reply, AW:)",
  "subject": "AW: Integer consequat non purus",
  "body": "Erledigt.\n\n________________________________\nVon: John Doe <john.doe@acme.com>\nGesendet: Mittwoch, 27. Oktober 2021 15:14\nBetreff: Integer consequat non purus\n\nBitte prüfen."
 }
];

// Held-out forwards: fetched after the parser was written and measured before any change
// for them (docs/reading.md gives both figures). Origin and licence as in samples.ts.
import type { ForwardSample } from './samples.ts';

export const HELD_OUT: ForwardSample[] = [
 {
  "client": "Gmail",
  "lang": "cs",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_cs_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "\n---------- Forwarded message ---------\nOd: John Doe <john.doe@acme.com>\nDate: st 27. 10. 2021 v 9:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Gmail",
  "lang": "hu",
  "origin": "crisp-oss/email-forward-parser test/fixtures/gmail_hu_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "---------- Forwarded message ---------\nFeladó: John Doe <john.doe@acme.com>\nDate: 2021. okt. 27., Sze, 9:31\nSubject: Integer consequat non purus\nTo: <bessie.berry@acme.com>\nCc: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Apple Mail",
  "lang": "pl",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_pl_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Początek przekazywanej wiadomości:\n>\n> Od: John Doe <john.doe@acme.com>\n> Temat: Integer consequat non purus\n> Data: 26 października 2021 o 14:25:08 EEST\n> Do: bessie.berry@acme.com\n> Dw: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>"
 },
 {
  "client": "Apple Mail",
  "lang": "hu",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_hu_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Továbbított levél kezdete:\n>\n> Feladó: John Doe <john.doe@acme.com>\n> Tárgy: Integer consequat non purus\n> Dátum: 2021. október 26. 14:25:08 EEST\n> Címzett: bessie.berry@acme.com\n> Másolat: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>"
 },
 {
  "client": "Apple Mail",
  "lang": "sv",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_sv_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Vidarebefordrat mejl:\n>\n> Från: John Doe <john.doe@acme.com>\n> Ämne: Integer consequat non purus\n> Datum: 26 oktober 2021 14:25:08 EEST\n> Till: bessie.berry@acme.com\n> Kopia: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>"
 },
 {
  "client": "Apple Mail",
  "lang": "en",
  "origin": "crisp-oss/email-forward-parser test/fixtures/apple_mail_en_body_alt_3.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "> Begin forwarded message:\n>\n> From: John Doe <john.doe@acme.com>\n> Subject: Integer consequat non purus\n> Date: 25 October 2021 at 11:17:21 EEST\n> To: Bessie Berry <bessie.berry@acme.com>, <suzanne@globex.corp>\n> Cc: walter.sheltan@acme.com, Nicholas <nicholas@globex.corp>\n>\n> Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n> Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n>\n> Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n>"
 },
 {
  "client": "Thunderbird",
  "lang": "fr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/thunderbird_fr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "-------- Message transféré --------\nSujet : \tInteger consequat non purus\nDate : \tWed, 3 Nov 2021 15:51:30 +0100\nDe : \tJohn Doe <john.doe@acme.com>\nPour : \tbessie.berry@acme.com\nCopie à : \tWalter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\n\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "Thunderbird",
  "lang": "tr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/thunderbird_tr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "-------- İletilen İleti --------\nKonu: \tInteger consequat non purus\nTarih: \tWed, 3 Nov 2021 15:51:30 +0100\nKimden: \tJohn Doe <john.doe@acme.com>\nKime: \tbessie.berry@acme.com\nCC: \tWalter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\n\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "Thunderbird",
  "lang": "uk",
  "origin": "crisp-oss/email-forward-parser test/fixtures/thunderbird_uk_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "-------- Переслане повідомлення --------\nТема: \tInteger consequat non purus\nДата: \tWed, 3 Nov 2021 15:51:30 +0100\nВід: \tJohn Doe <john.doe@acme.com>\nКому: \tbessie.berry@acme.com\nCC: \tWalter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\n\n\n\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "Yahoo",
  "lang": "de",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_de_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- Weitergeleitete Nachricht ----- Von: John Doe <john.doe@acme.com>An: \"bessie.berry@acme.com\" <bessie.berry@acme.com>CC: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Gesendet: Dienstag, 2. November 2021, 09:26:50 MEZBetreff: Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "Yahoo",
  "lang": "fr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_fr_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- Message transmis ----- De : John Doe <john.doe@acme.com>À : \"bessie.berry@acme.com\" <bessie.berry@acme.com>Cc : Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Envoyé : mardi 2 novembre 2021, 09:26:50 UTC+1Objet : Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "Yahoo",
  "lang": "uk",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_uk_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- Перенаправлене повідомлення ----- Від: John Doe <john.doe@acme.com>Кому: \"bessie.berry@acme.com\" <bessie.berry@acme.com>Копія: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Відправлено: вівторок, 2 листопада 2021 р., 09:26:50 GMT+1Тема: Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "Yahoo",
  "lang": "hu",
  "origin": "crisp-oss/email-forward-parser test/fixtures/yahoo_hu_body.txt",
  "subject": "Fwd: Integer consequat non purus",
  "body": "   ----- Továbbított üzenet ----- Feladó: John Doe <john.doe@acme.com>Címzett: \"bessie.berry@acme.com\" <bessie.berry@acme.com>Másolat: Walter Sheltan <walter.sheltan@acme.com>; Nicholas <nicholas@globex.corp>Elküldve: 2021. november 2., kedd 09:26:50 CETTárgy: Integer consequat non purus\n Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget."
 },
 {
  "client": "new Outlook",
  "lang": "fr",
  "origin": "crisp-oss/email-forward-parser test/fixtures/new_outlook_2019_fr_body.txt + _subject.txt",
  "subject": "TR: Integer consequat non purus",
  "body": "De : John Doe <john.doe@acme.com>\nDate : jeudi, 28 octobre 2021 à 12:06\nÀ : bessie.berry@acme.com <bessie.berry@acme.com>\nCc : Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\nObjet : Integer consequat non purus\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "new Outlook",
  "lang": "sv",
  "origin": "crisp-oss/email-forward-parser test/fixtures/new_outlook_2019_sv_body.txt (subject: Swedish Outlook's VB:)",
  "subject": "VB: Integer consequat non purus",
  "body": "Från: John Doe <john.doe@acme.com>\nDatum: torsdag, 28 oktober 2021 12:46\nTill: bessie.berry@acme.com <bessie.berry@acme.com>\nKopia: Walter Sheltan <walter.sheltan@acme.com>, Nicholas <nicholas@globex.corp>\nÄmne: Integer consequat non purus\nAenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\nSed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\nPraesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2019",
  "lang": "pl",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_2019_pl_body.txt",
  "subject": "PD: Integer consequat non purus",
  "body": "Dnia 28/10/2021, 12:46 użytkownik „John Doe” <john.doe@acme.com> napisał:\n\n    Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n    Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\n    Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 },
 {
  "client": "Outlook 2019",
  "lang": "hu",
  "origin": "crisp-oss/email-forward-parser test/fixtures/outlook_2019_hu_body.txt",
  "subject": "TOV: Integer consequat non purus",
  "body": "28/10/2021 12:46 időpontban John Doe (john.doe@acme.com) ezt írta:\n\n    Aenean quis diam urna. Maecenas eleifend vulputate ligula ac consequat. Pellentesque cursus tincidunt mauris non venenatis.\n    Sed nec facilisis tellus. Nunc eget eros quis ex congue iaculis nec quis massa. Morbi in nisi tincidunt, euismod ante eget, eleifend nisi.\n\n    Praesent ac ligula orci. Pellentesque convallis suscipit mi, at congue massa sagittis eget.\n"
 }
];

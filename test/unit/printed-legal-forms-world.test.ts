// Legal forms of more countries (issue 24, seen in the fresh-html4 dev half): printed before
// the name (Vietnamese CÔNG TY TNHH, Ukrainian and Russian ТОВ / ООО / ФОП, Indonesian PT),
// also right after a label ("Постачальник: ФОП …"), and after it (Thai จำกัด (มหาชน), Malaysian
// Sdn. Bhd., Icelandic ehf., Estonian OÜ, Bulgarian ЕООД). The legal entity in a footer is the
// vendor, not the brand at the top. Each case is written small, with invented names and values.
import { describe, expect, it } from 'vitest';
import { companyNames } from '../../pipeline/printed/parties.ts';
import { runStarter } from '../helpers/starter.ts';

describe('company names with these forms', () => {
  it.each([
    ['CÔNG TY TNHH DỊCH VỤ MẠNG PHÚ AN', 'CÔNG TY TNHH DỊCH VỤ MẠNG PHÚ AN'],
    ['CÔNG TY CỔ PHẦN THƯƠNG MẠI BẮC HÀ, MST 0101234567', 'CÔNG TY CỔ PHẦN THƯƠNG MẠI BẮC HÀ'],
    ['Постачальник: ФОП Гнатюк Тарас Іванович, РНОКПП 3012409876', 'ФОП Гнатюк Тарас Іванович'],
    ['ТОВ «Зелена Долина», код ЄДРПОУ 41234567', 'ТОВ «Зелена Долина»'],
    ['PT Sinar Data Nusantara, Jakarta', 'PT Sinar Data Nusantara'],
    ['บริษัท ฟ้าใส เทเลคอม จำกัด (มหาชน) สำนักงานใหญ่', 'บริษัท ฟ้าใส เทเลคอม จำกัด (มหาชน)'],
    ['Cahaya Awan Sdn. Bhd. (201901012345)', 'Cahaya Awan Sdn. Bhd.'],
    ['Norðurljós Hugbúnaður ehf., kt. 540312-0190', 'Norðurljós Hugbúnaður ehf.'],
    ['Rannaveeb OÜ, registrikood 14123456', 'Rannaveeb OÜ'],
    ['Балкан Хостинг ЕООД, ЕИК 204123456', 'Балкан Хостинг ЕООД'],
  ])('%s', (text, name) => {
    expect(companyNames(text).map((c) => c.name)).toContain(name);
  });

  it('reads no form in words that only look like one', () => {
    expect(companyNames('Payez par Carte ou virement').map((c) => c.name)).toEqual([]);
    expect(companyNames('PT Evaluation, 45 min').map((c) => c.name)).toEqual([]);
  });
});

describe('the legal entity in the footer over the brand at the top', () => {
  it('a Vietnamese bill names its company in the footer', async () => {
    const run = await runStarter('invoice', {
      from: 'PhuAn Net <cskh@phuannet.example>',
      subject: 'Thông báo cước tháng 04/2026',
      html: `<h2>PhuAn Net</h2><p>Số hóa đơn: 0004127</p><p>Ngày hóa đơn: 05/05/2026</p>
<p>Tổng tiền thanh toán: 330.000 đ</p>
<p>CÔNG TY TNHH DỊCH VỤ MẠNG PHÚ AN<br>MST: 0109876543 · Hà Nội</p>`,
    });
    expect(run.fields.vendor_name?.value).toBe('CÔNG TY TNHH DỊCH VỤ MẠNG PHÚ AN');
  });
});

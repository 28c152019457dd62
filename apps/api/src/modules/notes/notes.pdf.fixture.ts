import { emptyNotesSections, type NotesSectionData } from '@bansi/shared';
import type { NotesPdfInput } from './notes.pdf';

/**
 * A fixed notes document for the PDF's reference-image test and the render benchmark: no clock, no
 * random ids. `rows` lines per table section (the benchmark's worst case is 200).
 */
export function fixtureNotes(rows = 2, language: 'lo' | 'en' = 'lo'): NotesPdfInput {
  const sections: NotesSectionData[] = emptyNotesSections().map((s, i) => {
    if (s.key === 'general')
      return {
        ...s,
        text: 'ບໍລິສັດດຳເນີນທຸລະກິດການຄ້າຂາຍຍົກ ແລະ ຂາຍຍ່ອຍເຄື່ອງອຸປະໂພກບໍລິໂພກ ໃນນະຄອນຫຼວງວຽງຈັນ.',
        fields: {
          nameLo: 'ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ',
          nameEn: 'Demo Trading Co., Ltd.',
          registrationNo: '01-0012345',
          tin: '1234567890',
          legalForm: 'ບໍລິສັດຈຳກັດ',
          address: 'ຖະໜົນ ລ້ານຊ້າງ, ເຮືອນເລກທີ 12, ຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ',
          activities: 'ການຄ້າ',
        },
      };
    if (s.key === 'approval')
      return {
        ...s,
        text: 'ໃບລາຍງານການເງິນນີ້ໄດ້ຮັບການອະນຸມັດຈາກຜູ້ອຳນວຍການ.',
        fields: { director: 'ທ. ສົມສັກ ວົງສາ', accountant: 'ນ. ມະນີວອນ ແກ້ວມະນີ', approvalDate: '2024-03-15' },
      };
    if (s.key === 'commitments') return { ...s, notApplicable: true };
    if (i >= 4 && i < 14)
      return {
        ...s,
        text: 'ລາຍລະອຽດຕາມຕາຕະລາງລຸ່ມນີ້ (ກີບ).',
        rows: Array.from({ length: rows }, (_, r) => ({
          label: r % 2 === 0 ? `ເງິນຝາກທະນາຄານ ພັດທະນາລາວ ${r + 1}` : `ເງິນສົດໃນມື ${r + 1}`,
          current: 1_234_567 * (r + 1) + i,
          prior: r === 1 ? null : 987_654 * (r + 1),
        })),
      };
    return {
      ...s,
      text: `ພາກທີ ${i + 1}: ສິນຄ້າຄົງຄັງຕີລາຄາຕາມລາຄາຕົ້ນທຶນ ຫຼື ມູນຄ່າສຸດທິທີ່ຄາດວ່າຈະໄດ້ຮັບ ແລ້ວແຕ່ອັນໃດຕ່ຳກວ່າ.`,
    };
  });
  return {
    language,
    status: 'accepted',
    bookYear: 2023,
    companyNameLo: 'ບໍລິສັດ ຕົວຢ່າງ ການຄ້າ ຈຳກັດ',
    companyNameEn: 'Demo Trading Co., Ltd.',
    providerName: language === 'en' ? 'Bansi Accounting Services' : 'ບັນຊີ ບໍລິການບັນຊີ',
    sections,
    date: '2024-04-01T03:00:00.000Z',
  };
}

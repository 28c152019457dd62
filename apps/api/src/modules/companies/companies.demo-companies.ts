/**
 * The demo companies (issue 16): several provinces, sizes and sectors, each meant to end in another
 * state. The back office demo seed registers them through the API; other demo seeds find them by
 * e-mail or name here.
 */
export type DemoTarget = 'accepted' | 'submitted' | 'in_review' | 'returned' | 'none';

export const DEMO_COMPANIES: {
  email: string;
  target: DemoTarget;
  lang: 'lo' | 'en';
  tin: string;
  nameLo: string;
  nameEn: string;
  category: string;
  department: string;
  size: string;
  province: string;
  district: string;
  figures: { averageLabour: number; totalAssets: number; annualIncome: number };
}[] = [
  {
    email: 'accepted@bansi.example',
    target: 'accepted',
    lang: 'lo',
    tin: '2000000001',
    nameLo: 'ບໍລິສັດ ນ້ຳຕົກຕາດ ຜະລິດຕະພັນ ຈຳກັດ',
    nameEn: 'Waterfall Products Co., Ltd.',
    category: 'production',
    department: 'manufacturing',
    size: 'micro',
    province: '16',
    district: '1601',
    figures: { averageLabour: 4, totalAssets: 80_000_000, annualIncome: 150_000_000 },
  },
  {
    email: 'submitted@bansi.example',
    target: 'submitted',
    lang: 'en',
    tin: '2000000002',
    nameLo: 'ຮ້ານຂາຍຍ່ອຍ ດອກຈຳປາ',
    nameEn: 'Champa Flower Retail',
    category: 'trade',
    department: 'retail',
    size: 'small',
    province: '06',
    district: '0601',
    figures: { averageLabour: 12, totalAssets: 900_000_000, annualIncome: 1_800_000_000 },
  },
  {
    email: 'review@bansi.example',
    target: 'in_review',
    lang: 'lo',
    tin: '2000000003',
    nameLo: 'ບໍລິສັດ ຂົນສົ່ງ ສະຫວັນ ຈຳກັດ',
    nameEn: 'Savan Logistics Co., Ltd.',
    category: 'services',
    department: 'transport',
    size: 'medium',
    province: '13',
    district: '1301',
    figures: { averageLabour: 85, totalAssets: 7_500_000_000, annualIncome: 12_000_000_000 },
  },
  {
    email: 'returned@bansi.example',
    target: 'returned',
    lang: 'en',
    tin: '2000000004',
    nameLo: 'ບໍລິສັດ ກໍ່ສ້າງ ພູສີ ຈຳກັດ',
    nameEn: 'Phousi Construction Co., Ltd.',
    category: 'production',
    department: 'construction',
    size: 'large',
    province: '01',
    district: '0102',
    figures: { averageLabour: 240, totalAssets: 45_000_000_000, annualIncome: 60_000_000_000 },
  },
  {
    email: 'notstarted@bansi.example',
    target: 'none',
    lang: 'lo',
    tin: '2000000005',
    nameLo: 'ສະຫະກອນ ກາເຟ ພູພຽງ',
    nameEn: 'Plateau Coffee Cooperative',
    category: 'production',
    department: 'agriculture',
    size: 'small',
    province: '09',
    district: '0901',
    figures: { averageLabour: 30, totalAssets: 1_200_000_000, annualIncome: 2_000_000_000 },
  },
];

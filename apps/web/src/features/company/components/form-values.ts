import type { Company, CompanyFields, FirstUser, Language, People } from '@bansi/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** What the company forms hold: the shared schemas' input, with '' for "nothing yet". */
export type CompanyInput = z.input<typeof CompanyFields>;
export type PeopleInput = z.input<typeof People>;
export type UserInput = z.input<typeof FirstUser>;

/** The part the register wizard and the settings screen share. */
export interface ProfileForm {
  company: CompanyInput;
  people: PeopleInput;
}

export interface RegisterForm extends ProfileForm {
  user: UserInput;
}

export const emptyCompany = (): CompanyInput => ({
  nameLo: '',
  nameEn: '',
  tin: '',
  registrationNo: '',
  categoryId: '',
  enterpriseTypeId: '',
  sizeId: '',
  unitId: '',
  specialCategoryId: '',
  accountProgramId: '',
  provinceCode: '',
  districtCode: '',
  villageCode: '',
  villageName: '',
  address: '',
  phone: '',
  email: '',
});

export const emptyPeople = (): PeopleInput => ({
  owner: { name: '', position: '', phone: '', email: '' },
  holder: { kind: 'employee', name: '', phone: '', email: '', licenceNo: '', firmName: '' },
  checker: { name: '', position: '', phone: '', email: '' },
});

export const emptyUser = (language: Language): UserInput => ({ name: '', email: '', phone: '', password: '', language });

/** A stored company as the settings form's values ('' where the company has nothing). */
export function profileFormValues(company: Company): ProfileForm {
  const person = (role: 'owner' | 'holder' | 'checker') => company.people.find((p) => p.role === role);
  const owner = person('owner');
  const holder = person('holder');
  const checker = person('checker');
  return {
    company: {
      nameLo: company.nameLo,
      nameEn: company.nameEn,
      tin: company.tin,
      registrationNo: company.registrationNo,
      categoryId: company.categoryId,
      enterpriseTypeId: company.enterpriseTypeId,
      sizeId: company.sizeId,
      unitId: company.unitId ?? '',
      specialCategoryId: company.specialCategoryId ?? '',
      accountProgramId: company.accountProgramId,
      provinceCode: company.provinceCode,
      districtCode: company.districtCode,
      villageCode: company.villageCode ?? '',
      villageName: company.villageName ?? '',
      address: company.address,
      phone: company.phone,
      email: company.email,
    },
    people: {
      owner: { name: owner?.name ?? '', position: owner?.position ?? '', phone: owner?.phone ?? '', email: owner?.email ?? '' },
      holder: {
        kind: holder?.holderKind ?? 'employee',
        name: holder?.name ?? '',
        phone: holder?.phone ?? '',
        email: holder?.email ?? '',
        licenceNo: holder?.licenceNo ?? '',
        firmName: holder?.firmName ?? '',
      },
      checker: { name: checker?.name ?? '', position: checker?.position ?? '', phone: checker?.phone ?? '', email: checker?.email ?? '' },
    },
  };
}

/** Reference rows carry both names: show the one of the page's language. */
export function useLocalName() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (item: { nameLo: string; nameEn: string }) => (en ? item.nameEn || item.nameLo : item.nameLo);
}

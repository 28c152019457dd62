import type { Company, Member } from '@bansi/shared';
import type { UserRow } from '../../lib/accounts';
import type { CompaniesTable, CompanyInvitationsTable, CompanyPeopleTable } from './companies.tables';

export function presentCompany(c: CompaniesTable, people: CompanyPeopleTable[]): Company {
  return {
    id: c.id,
    nameLo: c.nameLo,
    nameEn: c.nameEn,
    tin: c.tin,
    registrationNo: c.registrationNo,
    categoryId: c.categoryId,
    enterpriseTypeId: c.enterpriseTypeId,
    sizeId: c.sizeId,
    unitId: c.unitId,
    specialCategoryId: c.specialCategoryId,
    accountProgramId: c.accountProgramId ?? '',
    provinceCode: c.provinceCode,
    districtCode: c.districtCode,
    villageCode: c.villageCode,
    villageName: c.villageName,
    address: c.address,
    phone: c.phone,
    email: c.email,
    updatedAt: c.updatedAt,
    people: people.map((p) => ({
      role: p.role,
      name: p.name,
      position: p.position,
      phone: p.phone,
      email: p.email,
      holderKind: p.holderKind,
      licenceNo: p.licenceNo,
      firmName: p.firmName,
    })),
  };
}

export function presentMember(u: UserRow): Member {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role === 'company_admin' ? 'company_admin' : 'company_user',
    pending: u.passwordHash === null,
    createdAt: u.createdAt,
  };
}

/** An invitation to an address that has an account: the same shape as an invited new address (decision 141). */
export function presentInvitation(i: CompanyInvitationsTable): Member {
  return { id: i.id, name: i.name, email: i.email, phone: null, role: i.role, pending: true, createdAt: i.createdAt };
}

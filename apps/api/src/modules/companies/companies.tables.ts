export interface CompaniesTable {
  id: string;
  nameLo: string;
  nameEn: string;
  tin: string;
  registrationNo: string;
  categoryId: string;
  enterpriseTypeId: string;
  sizeId: string;
  unitId: string | null;
  specialCategoryId: string | null;
  accountProgramId: string | null;
  provinceCode: string;
  districtCode: string;
  villageCode: string | null;
  /** typed by the user where the district has no village list */
  villageName: string | null;
  address: string;
  phone: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

/** The company's signatories: account owner (director), holder (accountant) and checker. */
export interface CompanyPeopleTable {
  id: string;
  companyId: string;
  role: 'owner' | 'holder' | 'checker';
  name: string;
  position: string | null;
  phone: string | null;
  email: string | null;
  /** holder only: an employee, or an outside licensed accountant */
  holderKind: 'employee' | 'outside' | null;
  licenceNo: string | null;
  firmName: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * An invitation to an address that already has an account (elsewhere): listed as a pending member,
 * like an invitation to a new address (whose pending account is a user row without a password).
 */
export interface CompanyInvitationsTable {
  id: string;
  companyId: string;
  /** stored lower-case */
  email: string;
  name: string;
  role: 'company_user' | 'company_admin';
  invitedBy: string;
  createdAt: string;
}

export interface CompaniesTables {
  companies: CompaniesTable;
  companyPeople: CompanyPeopleTable;
  companyInvitations: CompanyInvitationsTable;
}

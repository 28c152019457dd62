/** The public face of the companies module: other modules import only what is exported here (decision 197). */
export { DEMO_COMPANIES, type DemoTarget } from './companies.demo-companies';
export { presentCompany, presentMember } from './companies.presenter';
export {
  companyIdsWhere,
  countCompaniesExcept,
  countCompaniesNamingItems,
  findAudienceCompanies,
  findCompany,
  findCompanyByTin,
  findCompanySummary,
  findCompanyTarget,
  listAllCompanies,
  listCompaniesExcept,
  listCompanyNames,
  listPeople,
  searchCompanies,
  type CompanyIdsQuery,
  type CompanySearch,
} from './companies.repository';
export type { CompaniesTable, CompanyPeopleTable } from './companies.tables';
export { default as companiesRoutes } from './companies.routes';
export { companyReference } from './companies.reference';
export { nameCompanies, nameOfCompanies } from './companies.audit-names';

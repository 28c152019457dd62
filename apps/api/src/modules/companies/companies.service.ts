import { WebPaths } from '@bansi/shared/paths';
import type { CompanyFields, FieldError, Language, People, RegisterRequest, ReferenceList, Role } from '@bansi/shared';
import { isUniqueViolation } from '../../db/index';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps, Executor } from '../../lib/deps';
import { AppError, invalid, notFound } from '../../lib/errors';
import { actingAs, recordAudit, type Actor } from '../audit';
import { accountsPort } from '../../lib/accounts';
import { checkPassword, hashPassword } from '../../lib/passwords';
import { enqueueMail } from '../mail';
import { companyReference } from './companies.reference';
import type { CompanyPeopleTable } from './companies.tables';
import {
  deleteInvitation,
  findCompany,
  findCompanyByTin,
  findInvitation,
  findInvitationByEmail,
  insertCompany,
  insertInvitation,
  listInvitations,
  listPeople,
  replacePeople,
  updateCompany,
} from './companies.repository';
import { presentCompany, presentInvitation, presentMember } from './companies.presenter';
import { normalizePhone } from '../../lib/phone';

const fieldError = (deps: Deps, lang: Language, path: string, code: string): FieldError => ({
  path,
  code,
  message: deps.t(lang, `errors.field.${code}`),
});

/** Checks what the schema cannot: that ids name existing reference rows and the address hangs together. */
async function checkCompanyReferences(deps: Deps, lang: Language, c: Partial<CompanyFields>, prefix: string): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const lists: [keyof CompanyFields, ReferenceList][] = [
    ['categoryId', 'categories'],
    ['enterpriseTypeId', 'enterprise-types'],
    ['sizeId', 'sizes'],
    ['unitId', 'units'],
    ['specialCategoryId', 'special-categories'],
    ['accountProgramId', 'account-programs'],
  ];
  for (const [field, list] of lists) {
    const id = c[field];
    if (typeof id === 'string' && !(await companyReference.use().findItem(deps.db, list, id)))
      errors.push(fieldError(deps, lang, `${prefix}.${field}`, 'unknown_choice'));
  }
  if (c.provinceCode !== undefined && !(await companyReference.use().findProvince(deps.db, c.provinceCode)))
    errors.push(fieldError(deps, lang, `${prefix}.provinceCode`, 'unknown_choice'));
  if (c.districtCode !== undefined) {
    const district = await companyReference.use().findDistrict(deps.db, c.districtCode);
    if (!district || (c.provinceCode !== undefined && district.provinceCode !== c.provinceCode)) {
      errors.push(fieldError(deps, lang, `${prefix}.districtCode`, 'unknown_choice'));
    } else if (c.villageCode) {
      const village = await companyReference.use().findVillage(deps.db, c.villageCode);
      if (!village || village.districtCode !== district.code) errors.push(fieldError(deps, lang, `${prefix}.villageCode`, 'unknown_choice'));
    } else if (await companyReference.use().districtHasVillages(deps.db, district.code)) {
      errors.push(fieldError(deps, lang, `${prefix}.villageCode`, 'required'));
    } else if (!c.villageName) {
      errors.push(fieldError(deps, lang, `${prefix}.villageName`, 'required'));
    }
  }
  return errors;
}

function peopleRows(companyId: string, people: People, now: string): CompanyPeopleTable[] {
  const base = { companyId, createdAt: now, updatedAt: now, holderKind: null, licenceNo: null, firmName: null };
  return [
    {
      ...base,
      id: newId(),
      role: 'owner',
      name: people.owner.name,
      position: people.owner.position ?? null,
      phone: people.owner.phone,
      email: people.owner.email ?? null,
    },
    {
      ...base,
      id: newId(),
      role: 'holder',
      name: people.holder.name,
      position: null,
      phone: people.holder.phone,
      email: people.holder.email ?? null,
      holderKind: people.holder.kind,
      licenceNo: people.holder.kind === 'outside' ? (people.holder.licenceNo ?? null) : null,
      firmName: people.holder.kind === 'outside' ? (people.holder.firmName ?? null) : null,
    },
    {
      ...base,
      id: newId(),
      role: 'checker',
      name: people.checker.name,
      position: people.checker.position ?? null,
      phone: people.checker.phone ?? null,
      email: people.checker.email ?? null,
    },
  ];
}

export async function isTinAvailable(deps: Deps, tin: string) {
  return (await findCompanyByTin(deps.db, tin)) === undefined;
}

/**
 * Registers a company with its signatories and first user (its admin), all or nothing. Every
 * problem found is reported at once, as field errors.
 */
export async function registerCompany(deps: Deps, input: RegisterRequest, lang: Language, actor: Actor): Promise<{ companyId: string }> {
  const errors = await checkCompanyReferences(deps, lang, input.company, 'body.company');
  const email = input.user.email.trim().toLowerCase();
  const phone = input.user.phone ? normalizePhone(input.user.phone) : null;
  if (!(await isTinAvailable(deps, input.company.tin))) errors.push(fieldError(deps, lang, 'body.company.tin', 'tin_taken'));
  if (phone && (await accountsPort.use().findUserByPhone(deps.db, phone))) errors.push(fieldError(deps, lang, 'body.user.phone', 'phone_taken'));
  const passwordProblem = checkPassword(input.user.password, [email, input.user.name, input.company.nameLo, input.company.nameEn, input.company.tin]);
  if (passwordProblem)
    errors.push({ path: 'body.user.password', code: passwordProblem, message: deps.t(lang, `errors.password.${passwordProblem}`) });
  if (errors.length) {
    const only = errors.length === 1 ? errors[0]!.code : null;
    const code = only === 'tin_taken' ? 'TIN_TAKEN' : only === 'phone_taken' ? 'PHONE_TAKEN' : 'VALIDATION';
    throw new AppError(code === 'VALIDATION' ? 400 : 409, code, errors);
  }
  const passwordHash = await hashPassword(input.user.password);
  const now = nowIso();
  const companyId = newId();
  // An address that has an account: answer as if registered (no one learns which addresses have
  // accounts), create nothing, and tell the owner by mail.
  const owner = await accountsPort.use().findUserByEmail(deps.db, email);
  if (owner) {
    await accountsPort.use().tellOwnerAddressInUse(deps, owner);
    return { companyId };
  }
  const c = input.company;
  // Two registrations racing for the same tax ID or e-mail: the unique index decides, and the loser's
  // unique violation answers 409 CONFLICT (plugins/problems.ts).
  await deps.db.transaction().execute(async (trx) => {
    await insertCompany(trx, {
      id: companyId,
      nameLo: c.nameLo,
      nameEn: c.nameEn,
      tin: c.tin,
      registrationNo: c.registrationNo,
      categoryId: c.categoryId,
      enterpriseTypeId: c.enterpriseTypeId,
      sizeId: c.sizeId,
      unitId: c.unitId ?? null,
      specialCategoryId: c.specialCategoryId ?? null,
      accountProgramId: c.accountProgramId,
      provinceCode: c.provinceCode,
      districtCode: c.districtCode,
      villageCode: c.villageCode ?? null,
      villageName: c.villageCode ? null : (c.villageName ?? null),
      address: c.address,
      phone: c.phone,
      email: c.email.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    });
    await replacePeople(trx, companyId, peopleRows(companyId, input.people, now));
    const userId = newId();
    await recordAudit(
      trx,
      actingAs(actor, { id: userId, role: 'company_admin', companyId }),
      'company.register',
      { kind: 'company', id: companyId },
      {
        details: { tin: c.tin },
      },
    );
    await accountsPort.use().insertUser(trx, {
      id: userId,
      companyId,
      email,
      phone,
      name: input.user.name,
      passwordHash,
      role: 'company_admin',
      language: input.user.language,
      lockedUntil: null,
      disabledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await enqueueMail(deps, trx, {
      to: email,
      lang: input.user.language,
      template: 'welcome',
      vars: {
        name: input.user.name,
        company: input.user.language === 'en' ? c.nameEn : c.nameLo,
        link: new URL(WebPaths.login, deps.config.PUBLIC_URL).toString(),
      },
    });
  });
  return { companyId };
}

export async function getCompany(deps: Deps, companyId: string) {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw notFound();
  return presentCompany(company, await listPeople(deps.db, companyId));
}

type CompanyEdit = Partial<Omit<CompanyFields, 'tin' | 'unitId' | 'specialCategoryId' | 'villageCode' | 'villageName'>> & {
  unitId?: string | null;
  specialCategoryId?: string | null;
  villageCode?: string | null;
  villageName?: string | null;
};

export async function updateMyCompany(deps: Deps, companyId: string, input: { company: CompanyEdit; people?: People }, lang: Language, actor: Actor) {
  const current = await findCompany(deps.db, companyId);
  if (!current) throw notFound();
  const merged = { ...current, ...input.company };
  // The address is checked as a whole: a new district needs its village again.
  const { unitId, specialCategoryId, ...rest } = input.company;
  const errors = await checkCompanyReferences(
    deps,
    lang,
    {
      ...rest,
      unitId: unitId ?? undefined,
      specialCategoryId: specialCategoryId ?? undefined,
      provinceCode: merged.provinceCode,
      districtCode: merged.districtCode,
      villageCode: merged.villageCode ?? undefined,
      villageName: merged.villageName ?? undefined,
    },
    'body.company',
  );
  if (errors.length) throw invalid(errors);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx: Executor) => {
    await updateCompany(trx, companyId, {
      ...input.company,
      ...(input.company.email ? { email: input.company.email.toLowerCase() } : {}),
      ...(input.company.villageCode ? { villageName: null } : {}),
      updatedAt: now,
    });
    if (input.people) await replacePeople(trx, companyId, peopleRows(companyId, input.people, now));
    await recordAudit(
      trx,
      actor,
      'company.update',
      { kind: 'company', id: companyId },
      {
        companyId,
        details: { fields: Object.keys(input.company), people: Boolean(input.people) },
      },
    );
  });
  return getCompany(deps, companyId);
}

/**
 * The company's members: its accounts (pending while an invited colleague has not set a password) and
 * its invitations to addresses that have an account elsewhere (always pending), in order of arrival.
 */
export async function listMembers(deps: Deps, companyId: string) {
  const [users, invitations] = await Promise.all([accountsPort.use().listUsersOfCompany(deps.db, companyId), listInvitations(deps.db, companyId)]);
  return [...users.map(presentMember), ...invitations.map(presentInvitation)].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

type InviteInput = { name: string; email: string; role: Extract<Role, 'company_user' | 'company_admin'>; language: Language };

/**
 * A company admin invites a colleague. A new address gets an account without a password and a link to
 * set one; an address that already has an account gets an invitation row and its owner a mail saying
 * someone used the address (decision 067). Both answer the same and are listed alike — pending, until
 * the colleague sets a password — so the member list does not tell which addresses have accounts
 * (decision 141). An address the list already shows answers its entry again, whoever invited it.
 */
export async function inviteMember(deps: Deps, companyId: string, inviterId: string, input: InviteInput, actor: Actor, retried = false) {
  const company = await findCompany(deps.db, companyId);
  const inviter = await accountsPort.use().findUserById(deps.db, inviterId);
  if (!company || !inviter) throw notFound();
  const email = input.email.trim().toLowerCase();
  const owner = await accountsPort.use().findUserByEmail(deps.db, email);
  if (owner && owner.companyId === companyId && !owner.disabledAt) return presentMember(owner);
  const listed = await findInvitationByEmail(deps.db, companyId, email);
  if (listed) return presentInvitation(listed);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (owner) {
        const row = { id: newId(), companyId, email, name: input.name, role: input.role, invitedBy: inviterId, createdAt: nowIso() };
        await insertInvitation(trx, row);
        await accountsPort.use().tellOwnerAddressInUse(deps, owner, trx);
        await recordAudit(trx, actor, 'company.member_invite', { kind: 'invitation', id: row.id }, { companyId, details: { role: input.role } });
        return presentInvitation(row);
      }
      const invited = await accountsPort
        .use()
        .createInvitedUser(
          deps,
          trx,
          { companyId, ...input, email },
          { inviter: inviter.name, company: input.language === 'en' ? company.nameEn : company.nameLo },
        );
      await recordAudit(trx, actor, 'company.member_invite', { kind: 'user', id: invited.id }, { companyId, details: { role: input.role } });
      return presentMember(invited);
    });
  } catch (err) {
    // The same address invited twice at once (a double click): the unique key keeps one, and the
    // other answers it as a repeated invitation does — never a 409 that only a new address could cause.
    if (retried || !isUniqueViolation(err)) throw err;
    return inviteMember(deps, companyId, inviterId, input, actor, true);
  }
}

/**
 * Removes a colleague of the same company (never oneself: the company must keep an admin), or
 * withdraws an invitation to an address that has an account elsewhere: both leave the list alike.
 */
export async function removeMember(deps: Deps, companyId: string, actingUserId: string, memberId: string, actor: Actor) {
  const invitation = await findInvitation(deps.db, companyId, memberId);
  if (invitation) {
    await deps.db.transaction().execute(async (trx) => {
      await deleteInvitation(trx, invitation.id);
      await recordAudit(trx, actor, 'company.member_remove', { kind: 'invitation', id: invitation.id }, { companyId });
    });
    return;
  }
  const member = await accountsPort.use().findUserById(deps.db, memberId);
  if (!member || member.companyId !== companyId) throw notFound();
  if (member.id === actingUserId) throw new AppError(409, 'CONFLICT');
  // The row stays (uploads and events keep their author); the account ends, with its sessions and links.
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await accountsPort.use().retireUser(trx, member.id, now);
    await accountsPort.use().deleteSessionsOfUser(trx, member.id);
    await accountsPort.use().endUserTokens(trx, member.id, now);
    await recordAudit(trx, actor, 'company.member_remove', { kind: 'user', id: member.id }, { companyId });
  });
}

import { WebPaths } from '@bansi/shared/paths';
import type { ActorDirectory, SubjectNamer } from '../audit';
import { listUserIdsByEmail, listUserNames } from './auth.repository';

/** Accounts as the audit log names them: name (e-mail), opening the company or the staff accounts. */
export const nameUsers: SubjectNamer = async (db, ids) =>
  new Map(
    (await listUserNames(db, ids)).map((r) => [
      r.id,
      {
        nameLo: `${r.name} (${r.email})`,
        nameEn: `${r.name} (${r.email})`,
        link: r.companyId ? WebPaths.staff.company(r.companyId) : WebPaths.staff.accounts,
      },
    ]),
  );

/** Who acted, for the audit log: names by id, and the accounts of an address (an account's e-mail is unique). */
export const auditActors: ActorDirectory = {
  names: async (db, ids) => new Map((await listUserNames(db, ids)).map((r) => [r.id, { name: r.name, email: r.email }])),
  idsByEmail: listUserIdsByEmail,
};

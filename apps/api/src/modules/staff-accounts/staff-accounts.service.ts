import type { Language, Role } from '@bansi/shared';
import { isStaffRole } from '@bansi/shared';
import { newId, nowIso } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit, systemActor, type Actor } from '../audit';
import { accountsPort } from '../../lib/accounts';
import { checkPassword, hashPassword } from '../../lib/passwords';

export const listStaff = (deps: Deps) => accountsPort.use().listStaffUsers(deps.db);

/** A staff account created by a staff admin in the back office: the new colleague sets a password by the mailed link. */
export async function inviteStaff(
  deps: Deps,
  inviterId: string,
  input: { name: string; email: string; role: Role; language: Language },
  actor: Actor,
) {
  if (!isStaffRole(input.role)) throw new AppError(400, 'VALIDATION');
  const inviter = await accountsPort.use().findUserById(deps.db, inviterId);
  if (!inviter) throw notFound();
  const owner = await accountsPort.use().findUserByEmail(deps.db, input.email);
  if (owner) {
    // Answered like a new account (nobody learns which addresses have accounts); the owner is told by mail.
    await accountsPort.use().tellOwnerAddressInUse(deps, owner);
    const now = nowIso();
    return {
      ...owner,
      ...input,
      id: newId(),
      companyId: null,
      email: input.email.trim().toLowerCase(),
      phone: null,
      passwordHash: null,
      disabledAt: null,
      createdAt: now,
      updatedAt: now,
    };
  }
  return deps.db.transaction().execute(async (trx) => {
    const invited = await accountsPort
      .use()
      .createInvitedUser(
        deps,
        trx,
        { companyId: null, ...input },
        { inviter: inviter.name, company: input.language === 'en' ? deps.config.PROVIDER_NAME_EN : deps.config.PROVIDER_NAME_LO },
      );
    await recordAudit(trx, actor, 'staff_account.create', { kind: 'user', id: invited.id }, { companyId: null, details: { role: input.role } });
    return invited;
  });
}

/** A staff account with a password, for the operator command and the demo seed. */
export async function createStaffWithPassword(
  deps: Pick<Deps, 'db'>,
  input: { name: string; email: string; role: Role; password: string; language?: Language },
) {
  if (!isStaffRole(input.role)) throw new Error(`role must be staff_reviewer or staff_admin, not ${input.role}`);
  const problem = checkPassword(input.password, [input.email]);
  if (problem) throw new Error(`password refused: ${problem}`);
  if (await accountsPort.use().findUserByEmail(deps.db, input.email)) throw new Error(`${input.email} already has an account`);
  const now = nowIso();
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await accountsPort.use().insertUser(trx, {
      id,
      companyId: null,
      email: input.email.trim().toLowerCase(),
      phone: null,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      language: input.language ?? 'lo',
      lockedUntil: null,
      disabledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(
      trx,
      systemActor,
      'staff_account.create',
      { kind: 'user', id },
      { companyId: null, details: { role: input.role, by: 'command' } },
    );
  });
}

/** Removes a staff member's access at once (sessions end); never one's own. */
export async function disableStaff(deps: Deps, actingUserId: string, userId: string, actor: Actor) {
  const user = await accountsPort.use().findUserById(deps.db, userId);
  if (!user || user.companyId !== null) throw notFound();
  if (user.id === actingUserId) throw new AppError(409, 'CONFLICT');
  await deps.db.transaction().execute(async (trx) => {
    await accountsPort.use().disableUser(trx, user.id, nowIso());
    await accountsPort.use().deleteSessionsOfUser(trx, user.id);
    await recordAudit(trx, actor, 'staff_account.disable', { kind: 'user', id: user.id }, { companyId: null });
  });
}

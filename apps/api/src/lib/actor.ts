import type { Role } from '@bansi/shared';
import type { FastifyRequest } from 'fastify';

/**
 * Who caused a change, as the audit log records it: a signed-in user (role, company), a visitor
 * (`visitor`: not signed in, e.g. a failed login or a password-reset request) or the system itself
 * (`system`: jobs, seeds, CLI). The request id ties an entry to the request's log lines.
 */
export interface Actor {
  userId: string | null;
  role: Role | 'system' | 'visitor';
  companyId: string | null;
  requestId: string | null;
  address: string | null;
}

/** The actor of an HTTP request: its principal (or a visitor), request id and client address. */
export function actorOf(request: FastifyRequest): Actor {
  const p = request.principal;
  return {
    userId: p?.userId ?? null,
    role: p?.role ?? 'visitor',
    companyId: p?.companyId ?? null,
    requestId: request.id,
    address: request.ip ?? null,
  };
}

/** Background jobs, seeds and the command line. */
export const systemActor: Actor = Object.freeze({ userId: null, role: 'system', companyId: null, requestId: null, address: null });

/** The same actor, naming the user it acts for once that is known (a login, a password reset by token). */
export const actingAs = (actor: Actor, user: { id: string; role: Role; companyId: string | null }): Actor => ({
  ...actor,
  userId: user.id,
  role: user.role,
  companyId: user.companyId,
});

import type { Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';

/** What a subject is called, in both languages, and where staff open it. */
export interface SubjectName {
  nameLo: string;
  nameEn: string;
  /** a staff screen of the web app */
  link: string | null;
}

/** Names the subjects of one kind by id, from the owning module's own tables; a row that is gone has no name. */
export type SubjectNamer = (db: Executor, ids: readonly string[]) => Promise<Map<string, SubjectName>>;

/** A user who acted, by id: the owner of accounts names them; `idsByEmail` finds them for the actor filter. */
export interface ActorDirectory {
  names(db: Executor, ids: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
  idsByEmail(db: Executor, email: string): Promise<string[]>;
}

// The audit log is infrastructure: it cannot import the modules whose rows it names. Each owner hands
// its namer down once at load, through the composition (modules/providers.ts; decisions 196, 211).
const namers = new Map<string, SubjectNamer>();

/** Who acted: auth's accounts, provided by the composition. */
export const auditActors = definePort<ActorDirectory>("the audit log's actors");

export function provideSubjectNames(byKind: Record<string, SubjectNamer>): void {
  for (const [kind, namer] of Object.entries(byKind)) namers.set(kind, namer);
}

/** The names of audit subjects, `kind:id` → name; a kind no module names, or a subject that is gone, has none. */
export async function findSubjectNames(db: Executor, subjects: readonly { kind: string; id: string }[]): Promise<Map<string, SubjectName>> {
  const out = new Map<string, SubjectName>();
  const kinds = new Map<string, Set<string>>();
  for (const s of subjects) kinds.set(s.kind, (kinds.get(s.kind) ?? new Set()).add(s.id));
  for (const [kind, ids] of kinds) {
    const namer = namers.get(kind);
    if (!namer) continue;
    for (const [id, name] of await namer(db, [...ids])) out.set(`${kind}:${id}`, name);
  }
  return out;
}

/** Rows with the acting user's name and e-mail beside them (null for the system, a visitor or a removed user). */
export async function withActorNames<T extends { actorUserId: string | null }>(
  db: Executor,
  rows: T[],
): Promise<(T & { actorName: string | null; actorEmail: string | null })[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])))];
  const names = ids.length ? await auditActors.use().names(db, ids) : new Map<string, { name: string; email: string }>();
  return rows.map((r) => {
    const user = r.actorUserId ? names.get(r.actorUserId) : undefined;
    return { ...r, actorName: user?.name ?? null, actorEmail: user?.email ?? null };
  });
}

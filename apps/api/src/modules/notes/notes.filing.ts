import type { SubmissionDetail, SubmissionEventAction } from '@bansi/shared';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps, Executor } from '../../lib/deps';
import { definePort } from '../../lib/port';
import type { Principal } from '../../plugins/access';

type FilingRow = Selectable<Database['submissions']>;

/** What linking the notes' PDF into the same year's filing asks of the filing (the submissions module). */
export interface NotesFiling {
  /** the `ownerKind` of a filing's files */
  owner: string;
  findSubmission(db: Executor, id: string): Promise<FilingRow | undefined>;
  assertEditable(row: FilingRow): void;
  assertCurrent(row: FilingRow, version: number): void;
  /** false when the filing is no longer editable (it locks the row on PostgreSQL) */
  touchIfEditable(trx: Executor, id: string, at: string): Promise<boolean>;
  /** one row on the filing's timeline */
  recordEvent(
    trx: Executor,
    principal: Principal,
    who: string,
    submissionId: string,
    action: SubmissionEventAction,
    at: string,
    extra: { fileId?: string; slot?: string; fileName?: string; details?: string },
  ): Promise<void>;
  getSubmission(deps: Deps, principal: Principal, id: string): Promise<SubmissionDetail>;
}

/**
 * Features stand side by side and do not import each other (decision 222): notes reach the filing through
 * this port, which the composition (modules/providers.ts) gives the submissions module's functions.
 */
export const notesFiling = definePort<NotesFiling>('the filings of notes');

import { randomUUID } from 'node:crypto';
import { API_BASE, FilePaths, type FileKind } from '@bansi/shared';
import { AppError, notFound } from '../src/lib/errors';
import { registerFileOwner } from '../src/modules/files/files.owners';
import type { Agent } from './helpers';

/** A minimal tus client over the test Agent (cookies + CSRF), enough to drive the protocol by hand. */

export const UPLOADS = `${API_BASE}${FilePaths.uploads}`;
export const TUS = { 'tus-resumable': '1.0.0' };

export function metadataHeader(meta: Record<string, string | undefined>): string {
  return Object.entries(meta)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${Buffer.from(v!, 'utf8').toString('base64')}`)
    .join(',');
}

export async function createUpload(agent: Agent, meta: Record<string, string | undefined>, length: number, extra: Record<string, string> = {}) {
  const res = await agent.inject({
    method: 'POST',
    url: UPLOADS,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadataHeader(meta), ...extra },
  });
  const location = res.headers.location as string | undefined;
  return { res, id: location ? location.split('/').pop()! : null, location };
}

export function patchUpload(agent: Agent, id: string, offset: number, body: Buffer) {
  return agent.inject({
    method: 'PATCH',
    url: `${UPLOADS}/${id}`,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });
}

export function headUpload(agent: Agent, id: string) {
  return agent.inject({ method: 'HEAD', url: `${UPLOADS}/${id}`, headers: TUS });
}

/** Creates an upload and sends `data` in `parts` PATCHes; answers the last response. */
export async function uploadWhole(agent: Agent, meta: Record<string, string | undefined>, data: Buffer, parts = 1) {
  const created = await createUpload(agent, meta, data.length);
  if (created.res.statusCode !== 201 || !created.id) return { ...created, last: created.res };
  let offset = 0;
  let last = created.res;
  const step = Math.ceil(data.length / parts);
  while (offset < data.length) {
    const chunk = data.subarray(offset, offset + step);
    last = await patchUpload(agent, created.id, offset, chunk);
    if (last.statusCode !== 204) break;
    offset += chunk.length;
  }
  return { ...created, last };
}

// --- a file owner for tests ---------------------------------------------------------------

export const TEST_OWNER = 'test_case';

export interface TestOwnerState {
  companyId: string;
  locked?: boolean;
  /** make the next store fail inside the transaction (a server fault) */
  failNextStore?: boolean;
}
export const testOwners = new Map<string, TestOwnerState>();

/** An owner whose ids are registered by the test; slot 'images' accepts PNG and JPEG only. */
export function registerTestOwner() {
  registerFileOwner(TEST_OWNER, {
    async authorizeUpload(_deps, principal, request) {
      const owner = testOwners.get(request.ownerId);
      if (!owner || owner.companyId !== principal.companyId) throw notFound();
      if (owner.locked) throw new AppError(409, 'SUBMISSION_LOCKED');
      const allowedKinds: FileKind[] | undefined = request.slot === 'images' ? ['png', 'jpeg'] : undefined;
      return { companyId: owner.companyId, allowedKinds };
    },
    async onStored(_db, file) {
      const owner = testOwners.get(file.ownerId);
      if (owner?.failNextStore) {
        owner.failNextStore = false;
        throw new Error('simulated fault while storing');
      }
    },
  });
}

export function newTestOwner(companyId: string): string {
  const id = randomUUID();
  testOwners.set(id, { companyId });
  return id;
}

import { API_BASE } from '@bansi/shared';
import { expect } from 'vitest';
import { pdfBytes } from '../file-fixtures';
import type { Agent, TestApp } from '../helpers';
import { createUpload, headUpload, newTestOwner, patchUpload, registerTestOwner, uploadWhole } from '../tus';

/** Access-matrix cases of the files module: company B names company A's files and uploads. */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

registerTestOwner();

const storedFile: Arrange = async ({ t, a }) => {
  const { id } = await uploadWhole(a, { ownerKind: 'test_case', ownerId: newTestOwner(a.companyId!), slot: 'x', filename: 'a.pdf' }, pdfBytes(1000));
  return {
    params: { id: id! },
    async unchanged() {
      expect(await t.db.kysely.selectFrom('files').select('id').where('id', '=', id!).executeTakeFirst()).toBeDefined();
      expect((await a.inject({ url: `${API_BASE}/files/${id}` })).statusCode).toBe(200);
    },
  };
};

const uploadInProgress: Arrange = async ({ a }) => {
  const { id } = await createUpload(a, { ownerKind: 'test_case', ownerId: newTestOwner(a.companyId!), slot: 'x', filename: 'a.pdf' }, 1000);
  await patchUpload(a, id!, 0, pdfBytes(1000).subarray(0, 100));
  return {
    params: { id: id! },
    async unchanged() {
      expect((await headUpload(a, id!)).headers['upload-offset']).toBe('100');
    },
  };
};

export const filesAccessCases: Record<string, { arrange: Arrange }> = {
  [`GET ${API_BASE}/files/:id`]: { arrange: storedFile },
  [`GET ${API_BASE}/files/:id/content`]: { arrange: storedFile },
  [`PATCH ${API_BASE}/uploads/:id`]: { arrange: uploadInProgress },
  [`DELETE ${API_BASE}/uploads/:id`]: { arrange: uploadInProgress },
};

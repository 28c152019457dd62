import { API_BASE } from '@bansi/shared';
import { expect } from 'vitest';
import { loginAs, type Agent, type TestApp } from '../helpers';

/** Access-matrix cases of the content module: company B names a notification addressed to company A only. */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

const notificationForA: Arrange = async ({ t, a }) => {
  const staff = await loginAs(t, 'staffAdmin');
  const created = await staff.inject({
    method: 'POST',
    url: `${API_BASE}/staff/notifications`,
    payload: { titleLo: 'ສະເພາະ A', audience: { kind: 'company', value: a.companyId } },
  });
  const id = (created.json() as { id: string }).id;
  expect((await staff.inject({ method: 'POST', url: `${API_BASE}/staff/notifications/${id}/publish` })).statusCode).toBe(200);
  return {
    params: { id },
    async unchanged() {
      const reads = await t.db.kysely.selectFrom('contentNotificationReads').select('userId').where('notificationId', '=', id).execute();
      expect(reads).toEqual([]);
      expect((await a.inject({ url: `${API_BASE}/notifications/${id}` })).json()).toMatchObject({ read: false });
    },
  };
};

export const contentAccessCases: Record<string, { arrange: Arrange }> = {
  [`POST ${API_BASE}/notifications/:id/read`]: { arrange: notificationForA },
};

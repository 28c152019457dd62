import { SubmissionPaths } from '@bansi/shared';
import { expect } from 'vitest';
import { loginAs, type Agent, type TestApp } from '../helpers';
import { acceptedSubmission, api } from '../submissions';

/**
 * Access-matrix case of the QR registry (a public route): A's genuine receipt code asked under
 * another company's id is 404, like any unknown code, and A's receipt still verifies. (qr.test.ts
 * asks under company B's own id.)
 */
type Arrange = (ctx: { t: TestApp; a: Agent }) => Promise<{ params: Record<string, string>; body?: unknown; unchanged(): Promise<void> }>;

/** The code printed in an accepted submission's receipt (its QR link is also a link annotation). */
export async function receiptCode(a: Agent, submissionId: string): Promise<string> {
  const pdf = await a.inject({ url: api(SubmissionPaths.receipt(submissionId)) });
  const match = new RegExp(`/qr/scan/${a.companyId}/([A-Za-z0-9_-]+)`).exec(pdf.rawPayload.toString('latin1'));
  if (!match) throw new Error('no QR link in the receipt');
  return match[1]!;
}

const receiptOfA: Arrange = async ({ t, a }) => {
  const staff = await loginAs(t, 'staff');
  const accepted = await acceptedSubmission(t, a, staff, t.config.BOOK_YEAR - 2);
  const code = await receiptCode(a, accepted.id);
  return {
    params: { code },
    async unchanged() {
      expect((await t.app.inject({ url: api(`/qr/${a.companyId}/${code}`) })).statusCode).toBe(200);
    },
  };
};

export const qrAccessCases = { [`GET ${api('/qr/:comId/:code')}`]: { arrange: receiptOfA } };

import { API_BASE, SubmissionPaths, type SubmissionDetail } from '@bansi/shared';
import { expect, type APIRequestContext } from '@playwright/test';
import { referenceIdOf, uploadToSlot, writeHeaders } from './fixtures';
import { multipagePdf } from './pdf-fixtures';

// A filing prepared through the API, as the web app sends it, for specs whose subject is what happens after.

const REQUIRED = ['balance-sheet', 'income-statement', 'cash-flow', 'notes'];

/** A draft with figures and a PDF in every required slot, through the API as the web app sends it. */
export async function readyDraft(request: APIRequestContext, baseURL: string, bookYear: number): Promise<SubmissionDetail> {
  const headers = await writeHeaders(request, baseURL);
  const opened = await request.post(`${API_BASE}${SubmissionPaths.list}`, { headers, data: { bookYear } });
  expect(opened.status(), await opened.text()).toBe(201);
  const draft = (await opened.json()) as SubmissionDetail;
  const patched = await request.patch(`${API_BASE}${SubmissionPaths.one(draft.id)}`, {
    headers,
    data: {
      version: draft.version,
      departmentId: await referenceIdOf(request, 'departments', 'retail'),
      averageLabour: 12,
      totalAssets: 850_000_000,
      annualIncome: 1_250_000_000,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const pdf = await multipagePdf();
  for (const slot of REQUIRED) await uploadToSlot(request, baseURL, draft.id, slot, pdf);
  return (await (await request.get(`${API_BASE}${SubmissionPaths.one(draft.id)}`)).json()) as SubmissionDetail;
}

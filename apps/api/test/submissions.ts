import { API_BASE, SubmissionDetail, SubmissionPaths, type StaffSubmissionDetail } from '@bansi/shared';
import { pdfBytes } from './file-fixtures';
import { referenceId, type Agent, type TestApp } from './helpers';
import { uploadWhole } from './tus';

/** Helpers that drive an annual submission through the API, as the web app does. */

export const api = (path: string) => `${API_BASE}${path}`;

/** The checklist slots the seeded document types mark as required. */
export const REQUIRED_SLOTS = ['balance-sheet', 'income-statement', 'cash-flow', 'notes'] as const;

export async function openSubmission(agent: Agent, bookYear: number): Promise<SubmissionDetail> {
  const res = await agent.inject({ method: 'POST', url: api(SubmissionPaths.list), payload: { bookYear } });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`open submission: ${res.statusCode} ${res.body}`);
  return SubmissionDetail.parse(res.json());
}

export async function getDetail(agent: Agent, id: string): Promise<SubmissionDetail> {
  const res = await agent.inject({ url: api(SubmissionPaths.one(id)) });
  if (res.statusCode !== 200) throw new Error(`get submission: ${res.statusCode} ${res.body}`);
  return SubmissionDetail.parse(res.json());
}

/** Figures that are complete (and, with no thresholds for trade, give "cannot be determined yet"). */
export async function enterFigures(t: TestApp, agent: Agent, sub: { id: string; version: number }, figures: Record<string, unknown> = {}) {
  const res = await agent.inject({
    method: 'PATCH',
    url: api(SubmissionPaths.one(sub.id)),
    payload: {
      version: sub.version,
      departmentId: await referenceId(t, 'departments', 'retail'),
      averageLabour: 12,
      totalAssets: 850_000_000,
      annualIncome: 1_250_000_000,
      ...figures,
    },
  });
  if (res.statusCode !== 200) throw new Error(`patch submission: ${res.statusCode} ${res.body}`);
  return SubmissionDetail.parse(res.json());
}

export async function uploadInto(agent: Agent, submissionId: string, slot: string, filename = `${slot}.pdf`, data = pdfBytes(1500)) {
  const up = await uploadWhole(agent, { ownerKind: 'submission', ownerId: submissionId, slot, filename }, data);
  return { ...up, data };
}

/** A draft with figures and a PDF in every required slot: ready to submit (the size warning aside). */
export async function readySubmission(t: TestApp, agent: Agent, bookYear: number): Promise<SubmissionDetail> {
  const opened = await openSubmission(agent, bookYear);
  await enterFigures(t, agent, opened);
  for (const slot of REQUIRED_SLOTS) {
    const { last } = await uploadInto(agent, opened.id, slot);
    if (last.statusCode !== 204) throw new Error(`upload ${slot}: ${last.statusCode} ${last.body}`);
  }
  return getDetail(agent, opened.id);
}

export async function submit(agent: Agent, sub: { id: string; version: number }, body: Record<string, unknown> = { confirmWarnings: true }) {
  return agent.inject({ method: 'POST', url: api(SubmissionPaths.submit(sub.id)), payload: { version: sub.version, ...body } });
}

export async function staffAction(
  staff: Agent,
  id: string,
  action: 'start-review' | 'return' | 'accept' | 'comments',
  body: Record<string, unknown>,
) {
  return staff.inject({ method: 'POST', url: api(SubmissionPaths.staffAction(id, action)), payload: body });
}

/** Ready → submitted (or resubmitted) → in review → accepted; answers the staff view of the accepted submission. */
export async function acceptedSubmission(t: TestApp, agent: Agent, staff: Agent, bookYear: number): Promise<StaffSubmissionDetail> {
  const ready = await readySubmission(t, agent, bookYear);
  const submitted = await submit(agent, ready);
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  // A resubmit of a returned one is already back in review with its reviewer (decision 190).
  let review = submitted;
  if (submitted.json().status !== 'in_review') review = await staffAction(staff, ready.id, 'start-review', { version: submitted.json().version });
  if (review.statusCode !== 200) throw new Error(`start review: ${review.statusCode} ${review.body}`);
  const accepted = await staffAction(staff, ready.id, 'accept', { version: review.json().version });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return accepted.json() as StaffSubmissionDetail;
}

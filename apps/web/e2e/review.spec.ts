import { join } from 'node:path';
import {
  API_BASE,
  NotesPaths,
  SubmissionPaths,
  type ApiIndex,
  type NotesDocument,
  type StaffNotesDocument,
  type StaffSubmissionDetail,
  type SubmissionDetail,
} from '@bansi/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect, pageOf, registerTestCompany, test, writeHeaders } from './fixtures';
import { readyDraft } from './filings';
import { waitForMail } from './mail';

// The server, the mail worker and other browsers share the machine: allow slow answers.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 34 as a reviewer lives it (decisions 190, 191): the comments saved while reviewing are listed,
 * ticked, in the Return dialog and reach the company's mail in its language; the resubmitted filing comes
 * straight back "in review", so the reviewer accepts it without pressing "Start review" again.
 */
test.beforeEach(() => test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop'));

async function post<T>(request: APIRequestContext, baseURL: string, path: string, data: object, method: 'post' | 'patch' = 'post'): Promise<T> {
  const res = await request[method](`${API_BASE}${path}`, { headers: await writeHeaders(request, baseURL), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

test('saved comments in the Return dialog and the mail; resubmit → accept without "Start review"', async ({ page, browser, baseURL, lang, tr }) => {
  test.setTimeout(120_000);
  const company = await registerTestCompany(page.request, baseURL!, lang);
  const { bookYear } = (await (await page.request.get(API_BASE)).json()) as ApiIndex;
  const draft = await readyDraft(page.request, baseURL!, bookYear);
  const submitted = await post<SubmissionDetail>(page.request, baseURL!, SubmissionPaths.submit(draft.id), {
    version: draft.version,
    confirmWarnings: true,
  });
  const reference = submitted.reference!;
  const staff = await pageOf(browser, 'staff');
  await post<StaffSubmissionDetail>(staff.request, baseURL!, SubmissionPaths.staffAction(draft.id, 'start-review'), { version: submitted.version });

  // --- the reviewer saves two comments while reading: one on a file, one on the whole filing
  await staff.goto(`/staff/submissions/${draft.id}`);
  const screen = staff.getByTestId('staff-submission');
  await expect(screen).toHaveAttribute('data-status', 'in_review');
  const onFile = lang === 'lo' ? 'ຍອດລວມໜ້າ 2 ບໍ່ກົງກັບໜ້າ 1.' : 'The totals on page 2 differ from page 1.';
  const overall = lang === 'lo' ? 'ກະລຸນາເຊັນໃບປົກ.' : 'Please sign the cover page.';
  await staff.locator('[data-testid="staff-file"][data-slot="balance-sheet"]').getByTestId('comment-file').click();
  await staff.getByTestId('comment-body').fill(onFile);
  await staff.getByTestId('comment-send').click();
  await expect(staff.getByTestId('comment-body')).toHaveCount(0);
  await staff.getByTestId('action-comment').click();
  await staff.getByTestId('comment-body').fill(overall);
  await staff.getByTestId('comment-send').click();
  await expect(staff.getByTestId('comment-body')).toHaveCount(0);

  // --- the Return dialog lists both, ticked
  await staff.getByTestId('action-return').click();
  const saved = staff.getByTestId('return-saved-comments');
  await expect(saved).toContainText(tr('review.returnDialog.savedComments'));
  const items = saved.getByRole('checkbox');
  await expect(items).toHaveCount(2);
  const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(items.nth(0)).toHaveAccessibleName(new RegExp(`balance-sheet\\.pdf.*${quoted(onFile)}`));
  await expect(items.nth(1)).toHaveAccessibleName(new RegExp(`${quoted(tr('review.returnDialog.wholeFiling'))}.*${quoted(overall)}`));
  for (const i of [0, 1]) await expect(items.nth(i)).toBeChecked();
  const reasons = lang === 'lo' ? 'ກະລຸນາແກ້ໄຂຕາມຄຳເຫັນ.' : 'Please fix what the comments say.';
  await staff.getByTestId('return-reasons').fill(reasons);
  const shots = join(test.info().project.outputDir, 'screenshots', test.info().project.name);
  await staff.screenshot({ path: join(shots, 'return-dialog-saved-comments.png') });
  await staff.getByTestId('return-send').click();
  await expect(screen).toHaveAttribute('data-status', 'returned');

  // --- the company's mail lists them, in its language
  const mail = await waitForMail(company.email, (m) => m.subject.includes(reference) && m.text.includes(reasons));
  expect(mail.text).toContain(`${tr('review.mail.savedComments')}\n- `);
  expect(mail.text).toContain(`(balance-sheet.pdf): ${onFile}`);
  expect(mail.text).toContain(`- ${overall}`);

  // --- the company resubmits: straight back "in review"; the reviewer accepts at once
  const current = (await (await page.request.get(`${API_BASE}${SubmissionPaths.one(draft.id)}`)).json()) as SubmissionDetail;
  const again = await post<SubmissionDetail>(page.request, baseURL!, SubmissionPaths.submit(draft.id), {
    version: current.version,
    confirmWarnings: true,
  });
  expect(again.status).toBe('in_review');
  await staff.reload();
  await expect(screen).toHaveAttribute('data-status', 'in_review');
  await expect(staff.getByTestId('action-start-review')).toHaveCount(0);
  await staff.getByTestId('action-accept').click();
  await staff.getByTestId('accept-send').click();
  await expect(screen).toHaveAttribute('data-status', 'accepted');
  await staff.context().close();
});

test('notes: a section comment saved in review is in the Return dialog and the mail; the company answers it; accept without "Start review"', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
}) => {
  test.setTimeout(120_000);
  const company = await registerTestCompany(page.request, baseURL!, lang);
  const { bookYear } = (await (await page.request.get(API_BASE)).json()) as ApiIndex;
  const created = await page.request.post(`${API_BASE}${NotesPaths.list}`, {
    headers: await writeHeaders(page.request, baseURL!),
    data: { bookYear, language: lang },
  });
  expect(created.status(), await created.text()).toBe(201);
  const draft = (await created.json()) as NotesDocument;
  const filled = await post<NotesDocument>(
    page.request,
    baseURL!,
    NotesPaths.one(draft.id),
    { version: draft.version, sections: [{ key: 'approval', fields: { approvalDate: `${bookYear + 1}-03-15` } }] },
    'patch',
  );
  const submitted = await post<NotesDocument>(page.request, baseURL!, NotesPaths.submit(draft.id), {
    version: filled.version,
    confirmWarnings: true,
  });
  const staff = await pageOf(browser, 'staff');
  await post<StaffNotesDocument>(staff.request, baseURL!, NotesPaths.staffAction(draft.id, 'start-review'), { version: submitted.version });

  // --- the reviewer saves a comment on the taxes section while reading
  await staff.goto(`/staff/notes/${draft.id}`);
  const screen = staff.getByTestId('staff-notes');
  await expect(screen).toHaveAttribute('data-status', 'in_review');
  const taxes = staff.locator('[data-testid="section-view"][data-section="taxes"]');
  const body = lang === 'lo' ? 'ຂາດອາກອນກຳໄລຂອງປີ.' : 'Profit tax for the year is missing.';
  await taxes.getByTestId('section-comment').click();
  await taxes.getByTestId('section-comment-input').fill(body);
  await taxes.getByTestId('section-comment-save').click();
  await expect(taxes.getByTestId('section-comment-input')).toHaveCount(0);
  await expect(taxes.getByTestId('section-comments')).toContainText(body);

  // --- the Return dialog lists it, ticked, under the section's name
  await staff.getByTestId('action-return').click();
  const saved = staff.getByTestId('return-saved-comments');
  await expect(saved).toContainText(tr('review.returnDialog.savedComments'));
  await expect(saved.getByRole('checkbox')).toHaveCount(1);
  await expect(saved.getByRole('checkbox')).toBeChecked();
  await expect(saved).toContainText(tr('notesDocument.sections.taxes'));
  await expect(saved).toContainText(body);
  const reasons = lang === 'lo' ? 'ກະລຸນາແກ້ໄຂໝາຍເຫດຕາມຄຳເຫັນ.' : 'Please fix the notes as commented.';
  await staff.getByTestId('return-reasons').fill(reasons);
  await staff.getByTestId('confirm-return').click();
  await expect(screen).toHaveAttribute('data-status', 'returned');

  // --- the company's mail lists it, under the section's name in its language
  const mail = await waitForMail(company.email, (m) => m.text.includes(reasons));
  expect(mail.text).toContain(`${tr('review.mail.savedComments')}\n- ${tr('notesDocument.sections.taxes')}: ${body}`);

  // --- the company reads it on its notes screen and answers it
  await page.goto(`/dashboard/create-notes-document?bookYear=${bookYear}&section=taxes`);
  const editor = page.getByTestId('section-editor');
  await expect(editor).toHaveAttribute('data-section', 'taxes');
  const comments = editor.getByTestId('section-comments');
  await expect(comments).toContainText(body);
  const answer = lang === 'lo' ? 'ພວກເຮົາຈະເພີ່ມມັນ.' : 'We will add it.';
  await comments.getByTestId('answer-open').click();
  await comments.getByTestId('answer-text').fill(answer);
  await comments.getByTestId('answer-send').click();
  await expect(comments.getByTestId('answer-badge')).toHaveCount(1);
  await expect(comments).toContainText(answer);

  // --- resubmitted: straight back "in review"; the reviewer sees the answer and accepts at once
  const current = (await (await page.request.get(`${API_BASE}${NotesPaths.one(draft.id)}`)).json()) as NotesDocument;
  const again = await post<NotesDocument>(page.request, baseURL!, NotesPaths.submit(draft.id), { version: current.version, confirmWarnings: true });
  expect(again.status).toBe('in_review');
  await staff.reload();
  await expect(screen).toHaveAttribute('data-status', 'in_review');
  await expect(taxes.getByTestId('section-comments')).toContainText(answer);
  await expect(staff.getByTestId('action-start-review')).toHaveCount(0);
  await staff.getByTestId('action-accept').click();
  await staff.getByTestId('confirm-accept').click();
  await expect(screen).toHaveAttribute('data-status', 'accepted');
  await staff.context().close();
});

import { API_BASE, SubmissionPaths, type ApiIndex, type SubmissionDetail } from '@bansi/shared';
import { expect, referenceIdOf, registerTestCompany, test, uploadToSlot, writeHeaders } from './fixtures';
import { multipagePdf } from './pdf-fixtures';

const REQUIRED = ['balance-sheet', 'income-statement', 'cash-flow', 'notes'];

// One narrow Lao and one wide English run are enough for where a draft reopens.
test.beforeEach(() => test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop'));

/**
 * Issue 30: the wizard reopens a draft at the first step that still needs something — the documents when the
 * figures are in and files are missing, the review once every required file is there — never step 1 again.
 */
test('a draft reopens at the first step that still needs something', async ({ page, baseURL, lang, tr, shot }) => {
  test.setTimeout(120_000);
  await registerTestCompany(page.request, baseURL!, lang);
  const headers = await writeHeaders(page.request, baseURL!);
  const { bookYear } = (await (await page.request.get(API_BASE)).json()) as ApiIndex;
  const opened = await page.request.post(`${API_BASE}${SubmissionPaths.list}`, { headers, data: { bookYear } });
  expect(opened.status(), await opened.text()).toBe(201);
  const draft = (await opened.json()) as SubmissionDetail;
  const stepText = (step: number, key: string) => tr('submission.wizard.stepOf', { step, total: 4, label: tr(`submission.steps.${key}`) });

  // a draft with nothing in it yet: its first step
  await page.goto('/dashboard/submit-document');
  await expect(page.getByTestId('wizard-step')).toHaveText(stepText(1, 'enterprise'));

  // the figures entered (the signatories come from the profile), no file yet: it reopens at the documents
  const patched = await page.request.patch(`${API_BASE}${SubmissionPaths.one(draft.id)}`, {
    headers,
    data: {
      version: draft.version,
      departmentId: await referenceIdOf(page.request, 'departments', 'retail'),
      averageLabour: 12,
      totalAssets: 850_000_000,
      annualIncome: 1_250_000_000,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await page.goto('/dashboard/submit-document');
  await expect(page.getByTestId('step-documents')).toBeVisible();
  await expect(page.getByTestId('wizard-step')).toHaveText(stepText(3, 'documents'));
  await shot('wizard-resume-documents');

  // a step the person chose is kept in the address: a reload stays there
  await page.goto('/dashboard/submit-document?step=enterprise');
  await expect(page.getByTestId('wizard-step')).toHaveText(stepText(1, 'enterprise'));

  // every required file uploaded: it reopens at the review, ready to submit
  const pdf = await multipagePdf();
  for (const slot of REQUIRED) await uploadToSlot(page.request, baseURL!, draft.id, slot, pdf);
  await page.goto('/dashboard/submit-document');
  await expect(page.getByTestId('step-review')).toBeVisible();
  await expect(page.getByTestId('wizard-step')).toHaveText(stepText(4, 'review'));
  await expect(page.getByTestId('check-ok')).toBeVisible();
  await shot('wizard-resume-review');
});

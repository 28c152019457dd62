import { execFileSync } from 'node:child_process';
import { API_BASE, formatInteger, NotesPaths, SubmissionPaths, type ApiIndex, type NotesDocument, type SubmissionDetail } from '@bansi/shared';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, choose, referenceIdOf, registerTestCompany, test, writeHeaders } from './fixtures';

// Every step waits on a server round trip or a lazy screen; on a shared, loaded machine 10 s is too short.
const expect = baseExpect.configure({ timeout: 20_000 });

// One narrow Lao and one wide English run: the rule is the same input everywhere.
test.beforeEach(() => test.skip(!['lo-mobile', 'en-desktop'].includes(test.info().project.name), 'runs in lo-mobile and en-desktop'));

/** What the person types or pastes; every one is refused in both languages (a fraction, however written). */
const REFUSED = ['87500000.50', '1234,5'];
const PASTED_REFUSED = '1,234,567.00';
/** A grouped whole number: read exactly in both languages (two marks cannot be a fraction). */
const GROUPED = '1.234.567';

/** Pastes `text` over the field's content, as Ctrl/Cmd+V does (a real paste event through the clipboard). */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.focus();
  await field.press('ControlOrMeta+A');
  await field.press('ControlOrMeta+V');
}

/** The field shows the person's own text and the refusal beside it, in the screen's language. */
async function expectRefused(field: Locator, text: string, tr: (key: string, vars?: Record<string, string | number>) => string) {
  await expect(field).toHaveValue(text);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = described.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, 'the refusal is tied to the field').toBeTruthy();
  await expect(field.page().locator(`[id="${errorId}"]`)).toHaveText(tr('amount.refused.amount_fraction', { text }));
}

/**
 * Issue 33: typing 87500000.50 stored 8,750,000,050. Now, in a notes table cell and a wizard figure, a
 * fraction typed or pasted is refused beside the field and nothing is saved; a grouped whole number is
 * stored, shown after a reload and printed in the PDF exactly as the screen showed it.
 */
test('amounts: a fraction is refused beside the field, a grouped whole number is kept and printed as shown', async ({
  page,
  context,
  baseURL,
  lang,
  tr,
  shot,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await registerTestCompany(page.request, baseURL!, lang);
  const { bookYear } = (await (await page.request.get(API_BASE)).json()) as ApiIndex;
  const grouped = (n: number) => formatInteger(n, lang);

  // --- a notes table cell
  await page.goto('/dashboard/create-notes-document');
  await page.getByTestId('open-year').click();
  await page.getByTestId('create-notes-button').click();
  const editor = page.getByTestId('section-editor');
  const saveState = page.getByTestId('save-state');
  await expect(page.getByTestId('notes-status')).toHaveText(tr('submission.status.draft'));
  const select = page.getByTestId('section-select');
  if (await select.isVisible()) await choose(page, select, tr('notesDocument.sections.cash'));
  else await page.getByTestId('nav-cash').click();
  await expect(editor).toHaveAttribute('data-section', 'cash');
  await editor.getByTestId('row-add').click();
  const row = editor.getByTestId('notes-row').first();
  await row.getByTestId('row-label').fill('ເງິນຝາກທະນາຄານ');
  const cell = row.getByTestId('row-current');
  await cell.fill('2500000');
  await expect(cell).toHaveValue(grouped(2_500_000));
  await expect(saveState).toHaveAttribute('data-state', 'saved');
  const notesId = new URL(page.url()).searchParams.get('id');
  const storedNotes = async () => {
    const docs = (await (await page.request.get(`${API_BASE}${NotesPaths.list}?bookYear=${bookYear}`)).json()) as { items: { id: string }[] };
    const id = notesId ?? docs.items[0]!.id;
    const doc = (await (await page.request.get(`${API_BASE}${NotesPaths.one(id)}`)).json()) as NotesDocument;
    return { id, current: doc.sections.find((s) => s.key === 'cash')!.rows[0]!.current };
  };

  for (const typed of REFUSED) {
    await cell.fill(typed);
    await expectRefused(cell, typed, tr);
  }
  await paste(page, cell, PASTED_REFUSED);
  await expectRefused(cell, PASTED_REFUSED, tr);
  await shot('amounts-notes-refused');
  expect((await storedNotes()).current, 'a refused figure is never saved').toBe(2_500_000);
  await page.reload();
  await expect(editor).toHaveAttribute('data-section', 'cash');
  await expect(editor.getByTestId('notes-row').first().getByTestId('row-current')).toHaveValue(grouped(2_500_000));

  const again = editor.getByTestId('notes-row').first().getByTestId('row-current');
  await again.fill(GROUPED);
  await expect(again).toHaveValue(grouped(1_234_567));
  await expect(again).not.toHaveAttribute('aria-invalid', 'true');
  await expect(saveState).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(editor.getByTestId('notes-row').first().getByTestId('row-current')).toHaveValue(grouped(1_234_567));
  const { id, current } = await storedNotes();
  expect(current).toBe(1_234_567);
  const pdf = await page.request.get(`${API_BASE}${NotesPaths.pdf(id)}`);
  expect(pdf.status()).toBe(200);
  const path = test.info().outputPath('notes.pdf');
  await import('node:fs/promises').then((fs) => pdf.body().then((b) => fs.writeFile(path, b)));
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  // printed in the document's language, as the screen grouped it; the glued figure appears nowhere
  expect(text.includes(formatInteger(1_234_567, 'lo')) || text.includes(formatInteger(1_234_567, 'en')), 'the figure in the PDF').toBe(true);
  for (const wrong of [8_750_000_050, 12_345, 123_456_700]) expect(text).not.toContain(formatInteger(wrong, 'lo'));

  // --- a wizard figure (total assets): the figures saved once, then edited on the first step
  const headers = await writeHeaders(page.request, baseURL!);
  const opened = (await (await page.request.post(`${API_BASE}${SubmissionPaths.list}`, { headers, data: { bookYear } })).json()) as SubmissionDetail;
  const patched = await page.request.patch(`${API_BASE}${SubmissionPaths.one(opened.id)}`, {
    headers,
    data: {
      version: opened.version,
      departmentId: await referenceIdOf(page.request, 'departments', 'retail'),
      averageLabour: 3,
      totalAssets: 2_500_000,
      annualIncome: 120_000_000,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const storedAssets = async () =>
    ((await (await page.request.get(`${API_BASE}${SubmissionPaths.one(opened.id)}`)).json()) as SubmissionDetail).totalAssets;

  await page.goto('/dashboard/submit-document?step=enterprise');
  const assets = page.getByTestId('field-assets');
  await expect(assets).toHaveValue(grouped(2_500_000));
  for (const typed of REFUSED) {
    await assets.fill(typed);
    await expectRefused(assets, typed, tr);
  }
  await paste(page, assets, PASTED_REFUSED);
  await expectRefused(assets, PASTED_REFUSED, tr);
  await shot('amounts-wizard-refused');
  // "Save and continue" is held while the field refuses: the figure before it would go instead
  await page.getByTestId('next-enterprise').click();
  await expect(assets).toBeFocused();
  await expectRefused(assets, PASTED_REFUSED, tr);
  await expect(page.getByTestId('step-signatories')).toHaveCount(0);
  expect(await storedAssets(), 'a refused figure is never saved').toBe(2_500_000);
  await page.reload();
  await expect(assets).toHaveValue(grouped(2_500_000));

  await assets.fill(GROUPED);
  await expect(assets).toHaveValue(grouped(1_234_567));
  await page.getByTestId('next-enterprise').click();
  await expect(page.getByTestId('step-signatories')).toBeVisible();
  expect(await storedAssets()).toBe(1_234_567);
  await page.goto('/dashboard/submit-document?step=enterprise');
  await expect(assets).toHaveValue(grouped(1_234_567));
  await shot('amounts-wizard-kept');

  // typed key by key: grouped as it goes, the caret stays among the digits typed, a fraction is refused
  await assets.fill('');
  await assets.pressSequentially('87500000');
  await expect(assets).toHaveValue(grouped(87_500_000));
  await assets.press('Home');
  await assets.pressSequentially('12');
  await expect(assets).toHaveValue(grouped(1_287_500_000));
  await assets.press('End');
  const fraction = lang === 'lo' ? ',5' : '.5';
  await assets.pressSequentially(fraction);
  await expectRefused(assets, `${grouped(1_287_500_000)}${fraction}`, tr);
  expect(await storedAssets()).toBe(1_234_567);
});

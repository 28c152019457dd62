import { API_BASE, FilePaths, SubmissionPaths, type ApiIndex } from '@bansi/shared';
import { choose, expect, registerTestCompany, test, writeHeaders } from './fixtures';
import { multipagePdf } from './pdf-fixtures';

// The shared data table (components/data-table): a company with more documents than one page holds
// pages through them with "show more", and the filters (kept in the address) narrow the list.

const FILES = 21; // with the submission itself: 22 entries, one more than a page of 20 and a second page

const metadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');

test('all-document history pages with "show more" and filters by kind', async ({ page, baseURL, lang, tr, shot }) => {
  test.setTimeout(90_000); // 21 uploads first
  const request = page.request;
  await registerTestCompany(request, baseURL!, lang);
  const { bookYear } = (await (await request.get(API_BASE)).json()) as ApiIndex;
  const headers = await writeHeaders(request, baseURL!);
  const opened = await request.post(`${API_BASE}${SubmissionPaths.list}`, { headers, data: { bookYear } });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };

  // Additional ("other") files through tus, as the upload component sends them.
  const pdf = await multipagePdf();
  for (let i = 1; i <= FILES; i++) {
    const created = await request.post(`${API_BASE}${FilePaths.uploads}`, {
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(pdf.length),
        'upload-metadata': metadata({ ownerKind: 'submission', ownerId: id, slot: 'other', filename: `note-${i}.pdf`, filetype: 'application/pdf' }),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sent = await request.patch(new URL(created.headers().location!, baseURL).toString(), {
      headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      data: pdf,
    });
    expect(sent.status(), await sent.text()).toBe(204);
  }

  await page.goto('/dashboard/all-document-history');
  await expect(page.getByTestId('documents-list')).toBeVisible({ timeout: 20_000 });
  const rows = page.getByTestId('document-item');
  const more = page.getByRole('button', { name: tr('lists.more') });
  await expect(rows).toHaveCount(20);
  await shot('data-table-first-page');
  await more.click();
  await expect(rows).toHaveCount(FILES + 1);
  await expect(more).toHaveCount(0);

  // The kind filter narrows the list and stays in the address across a reload.
  await choose(page, page.getByTestId('filter-kind'), tr('submission.documentKind.submission'), { exact: true });
  await expect(page).toHaveURL(/kind=submission(&|$)/);
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('filter-kind')).toHaveValue(tr('submission.documentKind.submission'));

  // Nothing of a kind: the list's own empty state.
  await page.goto('/dashboard/all-document-history?kind=receipt');
  await expect(page.getByTestId('documents-empty')).toHaveText(tr('submission.documents.emptyList'));
  await expect(more).toHaveCount(0);
});

import { API_BASE, FilePaths, SubmissionPaths } from '@bansi/shared';
import type { APIRequestContext } from '@playwright/test';
import { multipagePdf } from './pdf-fixtures';
import { expect, pageOf, referenceIdOf, registerTestCompany, test, writeHeaders } from './fixtures';

/**
 * Issue 10: a visitor scans (opens) the QR link printed on a real receipt and sees that it is genuine,
 * with the company and the book year; an altered code says "not genuine". The submission is made and
 * accepted through the API; the link is read from the receipt PDF itself.
 */

const REQUIRED_SLOTS = ['balance-sheet', 'income-statement', 'cash-flow', 'notes'];
const TUS = { 'tus-resumable': '1.0.0' };
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return res;
}

test('a receipt\'s QR link shows "genuine" with the company and year; an altered code shows "not genuine"', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
  guard,
  shot,
}) => {
  test.setTimeout(90_000);
  const request = page.request;
  const { companyId } = await registerTestCompany(request, baseURL!, lang);
  const headers = () => writeHeaders(request, baseURL!);
  const bookYear = 2023;

  // A draft with its figures and a PDF in every required slot …
  type Draft = { id: string; version: number };
  let sub = (await (
    await ok(await request.post(`${API_BASE}${SubmissionPaths.list}`, { headers: await headers(), data: { bookYear } }), 'open')
  ).json()) as Draft;
  sub = (await (
    await ok(
      await request.patch(`${API_BASE}${SubmissionPaths.one(sub.id)}`, {
        headers: await headers(),
        data: {
          version: sub.version,
          departmentId: await referenceIdOf(request, 'departments', 'retail'),
          averageLabour: 12,
          totalAssets: 850_000_000,
          annualIncome: 1_250_000_000,
        },
      }),
      'figures',
    )
  ).json()) as Draft;
  const bytes = await multipagePdf();
  for (const slot of REQUIRED_SLOTS) {
    const created = await ok(
      await request.post(`${API_BASE}${FilePaths.uploads}`, {
        headers: {
          ...(await headers()),
          ...TUS,
          'upload-length': String(bytes.length),
          'upload-metadata': meta({ ownerKind: 'submission', ownerId: sub.id, slot, filename: `${slot}.pdf` }),
        },
      }),
      `create upload ${slot}`,
    );
    const location = new URL(created.headers().location!, baseURL).pathname;
    await ok(
      await request.patch(location, {
        headers: { ...(await headers()), ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        data: bytes,
      }),
      `upload ${slot}`,
    );
  }
  const latest = (await (await request.get(`${API_BASE}${SubmissionPaths.one(sub.id)}`)).json()) as { version: number };
  const submitted = (await (
    await ok(
      await request.post(`${API_BASE}${SubmissionPaths.submit(sub.id)}`, {
        headers: await headers(),
        data: { version: latest.version, confirmWarnings: true },
      }),
      'submit',
    )
  ).json()) as { version: number };

  // … that staff review and accept.
  const staff = await pageOf(browser, 'staff');
  const staffHeaders = await writeHeaders(staff.request, baseURL!);
  const review = (await (
    await ok(
      await staff.request.post(`${API_BASE}${SubmissionPaths.staffAction(sub.id, 'start-review')}`, {
        headers: staffHeaders,
        data: { version: submitted.version },
      }),
      'start review',
    )
  ).json()) as { version: number };
  await ok(
    await staff.request.post(`${API_BASE}${SubmissionPaths.staffAction(sub.id, 'accept')}`, {
      headers: staffHeaders,
      data: { version: review.version },
    }),
    'accept',
  );
  await staff.context().close();

  // The receipt PDF carries the QR link (also as a link annotation).
  const receipt = await request.get(`${API_BASE}${SubmissionPaths.receipt(sub.id)}`);
  expect(receipt.status()).toBe(200);
  const path = new RegExp(`/qr/scan/${companyId}/[A-Za-z0-9_-]+`).exec((await receipt.body()).toString('latin1'))?.[0];
  expect(path, 'QR link in the receipt').toBeTruthy();

  // A visitor opens it.
  await page.context().clearCookies();
  await page.goto(path!);
  const genuine = page.getByTestId('qr-genuine');
  await expect(genuine).toBeVisible({ timeout: 20_000 });
  await expect(genuine).toContainText(tr('qr.receipt.genuine'));
  const company = (await (await request.get(`${API_BASE}/qr/${companyId}/${path!.split('/').pop()}`)).json()) as {
    companyNameLo: string;
    companyNameEn: string;
  };
  await expect(page.getByTestId('qr-company')).toContainText(lang === 'en' ? company.companyNameEn : company.companyNameLo);
  await expect(page.getByTestId('qr-book-year')).toHaveText(String(bookYear));
  await expect(page.getByTestId('qr-file-count')).toHaveText(String(REQUIRED_SLOTS.length));
  await shot('qr-genuine');

  // One character changed: not genuine, said plainly.
  const code = path!.split('/').pop()!;
  const altered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
  guard.allow({
    method: 'GET',
    path: `${API_BASE}/qr/${companyId}/${altered}`,
    status: 404,
    why: 'an altered code is unknown: that is what the screen shows',
  });
  await page.goto(path!.replace(code, altered));
  const notGenuine = page.getByTestId('qr-not-genuine');
  await expect(notGenuine).toBeVisible({ timeout: 20_000 });
  await expect(notGenuine).toContainText(tr('qr.notGenuine.title'));
  await expect(page.getByTestId('qr-genuine')).toHaveCount(0);
  await shot('qr-not-genuine');
});

import { API_BASE, AuthPaths, LANGUAGE_STORAGE_KEY } from '@bansi/shared';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { choose, expect, loginAs, otherLang, test, translate, type Lang } from './fixtures';

/** An 8×6 PNG: the cover image the staff member uploads (the API checks it by content and resizes it). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQSjuDFTEMpAQAjwQ/wQm+dlUAAAAASUVORK5CYII=',
  'base64',
);

async function csrfHeaders(request: APIRequestContext, baseURL: string) {
  const res = await request.get(`${API_BASE}${AuthPaths.csrf}`);
  const { token } = (await res.json()) as { token: string };
  return { 'x-csrf-token': token, origin: new URL(baseURL).origin };
}

/** A browser context in `lang`, as a second person (a visitor, or the company that receives the notification). */
async function personIn(browser: Browser, baseURL: string, lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: lang === 'lo' ? 'lo-LA' : 'en-GB' });
  await context.addInitScript(
    ([key, lng]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, lng);
    },
    [LANGUAGE_STORAGE_KEY, lang] as const,
  );
  return { context, page: await context.newPage() };
}

/**
 * Registers a company of its own through the API and logs its admin in (so no other test's
 * notifications or reads mix with this one's), then marks everything it can already see as read.
 */
async function registerCompany(request: APIRequestContext, baseURL: string, name: string) {
  const ref = async (list: string, code: string) => {
    const res = await request.get(`${API_BASE}/reference/${list}`);
    const item = ((await res.json()) as { items: { id: string; code: string }[] }).items.find((i) => i.code === code);
    if (!item) throw new Error(`no ${list}/${code}`);
    return item.id;
  };
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  const password = 'e2e content password';
  const email = `content-e2e-${n}@example.test`;
  const body = {
    company: {
      nameLo: `ບໍລິສັດ ${name}`,
      nameEn: name,
      tin: `7${n}`,
      registrationNo: `E2E-${n}`,
      categoryId: await ref('categories', 'trade'),
      enterpriseTypeId: await ref('enterprise-types', 'limited'),
      sizeId: await ref('sizes', 'small'),
      accountProgramId: await ref('account-programs', 'excel'),
      provinceCode: '01',
      districtCode: '0101',
      villageName: 'ບ້ານ ທົດສອບ',
      address: 'ຖະໜົນ ທົດສອບ 1',
      phone: '+856 21 000 000',
      email: `office-${n}@example.test`,
    },
    people: {
      owner: { name: 'Owner', phone: '+856 20 1111 1111' },
      holder: { kind: 'employee', name: 'Holder', phone: '+856 20 2222 2222' },
      checker: { name: 'Checker' },
    },
    user: { name: 'E2E user', email, phone: `+856 20 ${n.slice(-8)}`, password, language: 'lo' },
  };
  const reg = await request.post(`${API_BASE}/auth/register`, { data: body, headers: await csrfHeaders(request, baseURL) });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await request.post(`${API_BASE}${AuthPaths.login}`, {
    data: { login: email, password },
    headers: await csrfHeaders(request, baseURL),
  });
  expect(login.status(), await login.text()).toBe(200);
  const list = (await (await request.get(`${API_BASE}/notifications?limit=100`)).json()) as { items: { id: string; read: boolean | null }[] };
  const headers = await csrfHeaders(request, baseURL);
  for (const item of list.items.filter((i) => i.read === false)) {
    expect((await request.post(`${API_BASE}/notifications/${item.id}/read`, { headers })).status()).toBe(200);
  }
}

test('staff publish a bilingual article and a targeted notification; a visitor reads the article in both languages; the company clears its unread badge', async ({
  page,
  browser,
  baseURL,
  lang,
  tr,
  guard,
}) => {
  test.setTimeout(90_000);
  const stamp = `${test.info().project.name}-${Date.now()}`;
  const slug = `e2e-${stamp}`;
  const article = { lo: `ຂ່າວທົດສອບ ${stamp}`, en: `Test article ${stamp}` };
  const notice = { lo: `ແຈ້ງການສະເພາະ ${stamp}`, en: `For you only ${stamp}` };
  const companyName = `E2E Content ${stamp}`;

  // The company that will receive the notification, with nothing unread yet.
  const company = await personIn(browser, baseURL!, lang);
  await registerCompany(company.context.request, baseURL!, companyName);

  // --- staff: the article, in Lao and English, with a cover image
  await loginAs(page, 'staff');
  await page.goto('/staff/content');
  await page.getByTestId('new-item').click();
  await page.getByTestId('field-slug').fill(slug);
  await page.getByTestId('field-titleLo').fill(article.lo);
  await page.getByTestId('field-summaryLo').fill('ສະຫຼຸບຂ່າວທົດສອບ');
  await page.getByTestId('editor-bodyLo').fill('ເນື້ອໃນພາສາລາວຂອງຂ່າວທົດສອບ');
  await page.getByTestId('tab-en').click();
  await page.getByTestId('field-titleEn').fill(article.en);
  await page.getByTestId('field-summaryEn').fill('Summary of the test article');
  await page.getByTestId('editor-bodyEn').fill('The English text of the test article');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('cover-upload').click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('cover-preview')).toBeVisible();
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'draft');
  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'published');

  // --- staff: a notification addressed to that one company
  await page.getByTestId('content-tab-notifications').click();
  await page.getByTestId('new-item').click();
  await choose(page, page.getByTestId('audience-kind'), tr('content.audience.kinds.company'));
  await choose(page, page.getByTestId('audience-value'), new RegExp(companyName), { search: companyName });
  await page.getByTestId('field-titleLo').fill(notice.lo);
  await page.getByTestId('editor-bodyLo').fill('ກະລຸນາສົ່ງເອກະສານທີ່ຍັງຂາດ');
  await page.getByTestId('tab-en').click();
  await page.getByTestId('field-titleEn').fill(notice.en);
  await page.getByTestId('editor-bodyEn').fill('Please send the missing documents');
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'draft');
  await page.getByTestId('publish-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'published');
  guard.check();

  // --- a visitor reads the article in the test's language, then in the other one
  const visitor = await personIn(browser, baseURL!, lang);
  await visitor.page.goto('/blogs');
  await visitor.page.getByRole('link', { name: article[lang] }).click();
  await expect(visitor.page).toHaveURL(`/blogs/${slug}`);
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(article[lang]);
  await expect(visitor.page.getByTestId('post-cover')).toBeVisible();
  await expect(visitor.page).toHaveTitle(new RegExp(article[lang]));
  const other = otherLang(lang);
  await visitor.page.evaluate(([key, lng]) => window.localStorage.setItem(key, lng), [LANGUAGE_STORAGE_KEY, other] as const);
  await visitor.page.reload();
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(article[other]);
  await expect(visitor.page.getByTestId('rich-text')).toContainText(other === 'en' ? 'The English text' : 'ເນື້ອໃນພາສາລາວ');
  // The targeted notification is not public.
  await visitor.page.goto('/notification');
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(translate(other, 'nav.notifications'));
  await expect(visitor.page.getByText(notice[other])).toHaveCount(0);
  await visitor.context.close();

  // --- the company: the bell shows one unread notification; opening it clears the badge
  await company.page.goto('/dashboard/news');
  await expect(company.page.getByTestId('unread-count')).toHaveText('1');
  await company.page.getByTestId('notification-bell').click();
  await company.page.getByTestId('bell-item').filter({ hasText: notice[lang] }).click();
  // It opens inside the dashboard (decision 096), not on the public site.
  await expect(company.page).toHaveURL(/\/dashboard\/news\?notification=/);
  await expect(company.page.getByTestId('dashboard-notification')).toContainText(
    lang === 'en' ? 'Please send the missing documents' : 'ກະລຸນາສົ່ງເອກະສານທີ່ຍັງຂາດ',
  );
  await expect(company.page.getByTestId('unread-count')).toHaveCount(0);
  await company.page.reload();
  await expect(company.page.getByTestId('notification-bell')).toBeVisible();
  await expect(company.page.getByTestId('unread-count')).toHaveCount(0);
  await company.context.close();
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvoiceQr, PaymentPaths, WebPaths, formatLak } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, registerCompany, type TestApp } from '../../../test/helpers';
import { issueInvoiceTo, papi } from '../../../test/payments';
import { qrSvg } from '../../lib/qr';

const INDEX = '<!doctype html><html lang="lo"><head><title>Bansi</title></head><body><div id="root"></div></body></html>';
/** The page without a first paint: the shell, its root as built (the app's alone). */
const plain = (html: string) => !html.includes('id="first-paint"') && html.includes('<div id="root"></div>');
/** The one <path> of each colour in a QR SVG: the code's modules, whatever the attributes around them. */
const paths = (svg: string) => [...svg.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((m) => m[1]);

describe(`the payment screen's first paint (${dialect})`, () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'bansi-web-'));
    writeFileSync(join(web, 'index.html'), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: web, LAOQR_IIN: '27710418', LAOQR_MERCHANT_ID: 'MCH-TEST-1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const page = (agent: Agent, path: string = WebPaths.dashboard.payment) => agent.inject({ url: path, headers: { accept: 'text/html' } });
  const firstPaintOf = (html: string) => /<div id="first-paint"[\s\S]*?<\/main><\/div>/.exec(html)?.[0] ?? null;

  it("draws the newest open invoice's LAO QR — the code the app shows — with its amount and number, in the account's language", async () => {
    // registered in English (test/helpers), no language cookie yet
    const { agent } = await registerCompany(t);
    await issueInvoiceTo(t, agent, [{ description: 'older', amount: 100_000 }]);
    const newest = await issueInvoiceTo(t, agent, [{ description: 'newest', amount: 1_234_000 }]);

    const res = await page(agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    const paint = firstPaintOf(res.body);
    expect(paint, res.body).not.toBeNull();
    // before the app's root, which the app mounts into, inert and hidden from assistive technology until it takes over
    expect(res.body.indexOf('id="first-paint"')).toBeLessThan(res.body.indexOf('<div id="root" inert aria-hidden="true"></div>'));
    expect(paint).toContain(`data-path="${WebPaths.dashboard.payment}"`);
    expect(paint).toContain('data-lang="en"');
    expect(paint).toContain('Service payment');
    expect(paint).toContain(newest.number);
    expect(paint).toContain(formatLak(1_234_000, 'en'));

    const { payload } = InvoiceQr.parse((await agent.inject({ url: papi(PaymentPaths.qr(newest.id)) })).json());
    expect(paths(paint!)).toEqual(paths(await qrSvg(payload, { margin: 4 })));
    expect(paint).toContain(`aria-label="${t.app.t('en', 'payments.qrAlt', { number: newest.number })}"`);
  });

  it('is drawn in the language the app shows this browser (its cookie) over the account’s', async () => {
    const { agent } = await registerCompany(t);
    const invoice = await issueInvoiceTo(t, agent);
    const paint = firstPaintOf((await page(agent.setCookie('bansi_lang', 'lo'))).body);
    expect(paint).toContain('data-lang="lo"');
    expect(paint).toContain(t.app.t('lo', 'payments.title'));
    expect(paint).toContain(t.app.t('lo', 'payments.amount'));
    expect(paint).toContain(formatLak(invoice.total, 'lo'));
    expect(paint).not.toContain('Service payment');
  });

  it("never shows another company's invoice, nor anything to a visitor or staff; another screen has none", async () => {
    const a = await registerCompany(t);
    const invoice = await issueInvoiceTo(t, a.agent);
    const b = await registerCompany(t);
    const staff = await loginAs(t, 'staff');

    for (const who of [b.agent, new Agent(t), staff]) {
      const res = await page(who);
      expect(res.statusCode).toBe(200);
      expect(plain(res.body)).toBe(true);
      expect(res.body).not.toContain(invoice.number);
    }
    // b's own invoice, not a's
    const own = await issueInvoiceTo(t, b.agent);
    const paint = firstPaintOf((await page(b.agent)).body);
    expect(paint).toContain(own.number);
    expect(paint).not.toContain(invoice.number);
    // the page of another screen, and the payment page under another address, are the plain app
    expect(plain((await page(a.agent, WebPaths.dashboard.submitDocument)).body)).toBe(true);
    expect(plain((await page(a.agent, `${WebPaths.dashboard.payment}/x`)).body)).toBe(true);
  });

  it('nothing to pay: no first paint (the app says so itself)', async () => {
    const { agent } = await registerCompany(t);
    expect(plain((await page(agent)).body)).toBe(true);
  });
});

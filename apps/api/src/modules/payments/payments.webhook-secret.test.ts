import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PaymentPaths, WebhookSecretInfo } from '@bansi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, dialect, loginAs, registerCompany, testConfig, type TestApp } from '../../../test/helpers';
import { deliver, issueInvoiceTo, notification, papi } from '../../../test/payments';
import { createTwoApps } from '../../../test/two-apps';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { REPO_ROOT } from '../../paths';
import { signBody } from '../../lib/signature';
import { webhookSecret } from './payments.webhook-secret';

/**
 * Issue 28: the source holds no usable webhook key, and the simulator exists only when asked for
 * (decisions 125, 126).
 */

/** Every string literal of the repository's code, configuration and scripts that could serve as a key (16 characters or more, no spaces). */
function constantsInSource(): string[] {
  const roots = ['apps/api/src', 'apps/api/test', 'apps/api/cluster', 'apps/web/src', 'apps/web/e2e', 'packages/shared/src', 'scripts'];
  const files = ['.env.example', 'playwright.config.ts', 'vitest.config.ts', 'package.json'];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const path = join(dir, f);
      if (f === 'node_modules' || f === 'dist') return [];
      return statSync(path).isDirectory() ? walk(path) : /\.(ts|tsx|mjs|js|json)$/.test(f) ? [path] : [];
    });
  const found = new Set<string>(['bansi-development-only-payment-webhook-secret']);
  for (const file of [...roots.flatMap((r) => walk(join(REPO_ROOT, r))), ...files.map((f) => join(REPO_ROOT, f))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'([^'\\\s]{16,})'|"([^"\\\s]{16,})"|`([^`$\\\s]{16,})`|=([^\s#'"]{16,})/g))
      found.add(m[1] ?? m[2] ?? m[3] ?? m[4]!);
  }
  return [...found];
}

describe(`the webhook key of an instance started without PAYMENT_WEBHOOK_SECRET (${dialect})`, () => {
  let t: TestApp;
  let company: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    ({ agent: company } = await registerCompany(t));
  });
  afterAll(() => t.close());

  it('is random, made at the first start: no notification signed with a constant of the source is accepted (401)', async () => {
    const kept = await t.db.kysely.selectFrom('instanceSecrets').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.value).toMatch(/^[0-9a-f]{64}$/);
    const invoice = await issueInvoiceTo(t, company, [{ description: 'Forged', amount: 5_000 }]);
    const raw = JSON.stringify(notification({ billNumber: invoice.number, amount: 5_000 }));
    const constants = constantsInSource();
    expect(constants.length).toBeGreaterThan(500);
    let accepted = 0;
    for (const constant of constants) {
      const res = await deliver(t, raw, { signature: signBody(constant, raw) });
      if (res.statusCode !== 401) accepted += 1;
    }
    expect(accepted).toBe(0);
    expect(await t.db.kysely.selectFrom('paymentNotifications').select('id').execute()).toEqual([]);
    // the instance's own key is what a bank wired to it signs with
    expect((await deliver(t, raw)).json()).toEqual({ outcome: 'matched', reason: null });
  });

  it('is shown to staff admins for wiring a test bank; reviewers and companies get 403', async () => {
    const admin = await loginAs(t, 'staffAdmin');
    const res = await admin.inject({ url: papi(PaymentPaths.staffWebhookSecret) });
    expect(res.statusCode).toBe(200);
    expect(WebhookSecretInfo.parse(res.json())).toEqual({ source: 'generated', secret: (await webhookSecret(t.app.deps)).value, simulator: false });
    const reviewer = await loginAs(t, 'staff');
    expect((await reviewer.inject({ url: papi(PaymentPaths.staffWebhookSecret) })).statusCode).toBe(403);
    expect((await company.inject({ url: papi(PaymentPaths.staffWebhookSecret) })).statusCode).toBe(403);
    expect((await new Agent(t).inject({ url: papi(PaymentPaths.staffWebhookSecret) })).statusCode).toBe(401);
  });

  it('the simulator does not exist without PAYMENT_SIMULATOR=true (404), nor the old company route', async () => {
    const invoice = await issueInvoiceTo(t, company, [{ description: 'No simulator', amount: 7_000 }]);
    const staff = await loginAs(t, 'staff');
    const res = await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffSimulator), payload: { invoiceNumber: invoice.number } });
    expect(res.statusCode).toBe(404);
    expect((await company.inject({ method: 'POST', url: papi(`/invoices/${invoice.id}/simulate-payment`) })).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('payments').select('id').where('invoiceId', '=', invoice.id).execute()).toEqual([]);
  });
});

describe(`the generated key across restarts and processes (${dialect})`, () => {
  it('two processes on one database and a restarted one all check with the same key, even when they make it at once', async () => {
    const two = await createTwoApps();
    try {
      const [first, second] = two.apps;
      const a = await webhookSecret(first.deps);
      expect(a.source).toBe('generated');
      expect((await webhookSecret(second.deps)).value).toBe(a.value);

      // a restart: a new app on the same database finds the key it made before
      const restarted = await buildApp({ config: testConfig(), db: two.db, serveWeb: false, startWorkers: false });
      await restarted.ready();
      expect((await webhookSecret(restarted.deps)).value).toBe(a.value);
      await restarted.close();

      // a first start of two processes at once: both make a key, one is kept, both read that one
      await two.db.kysely.deleteFrom('instanceSecrets').execute();
      const [x, y] = await Promise.all([webhookSecret(first.deps), webhookSecret(second.deps)]);
      expect(x.value).toBe(y.value);
      expect(x.value).not.toBe(a.value);
      expect(await two.db.kysely.selectFrom('instanceSecrets').select('value').execute()).toEqual([{ value: x.value }]);

      // a notification signed with the key one process shows is accepted by the other
      const raw = JSON.stringify(notification({ billNumber: 'INV-1999-000001', amount: 1_000 }));
      const res = await second.inject({
        method: 'POST',
        url: papi(PaymentPaths.notify),
        headers: { 'content-type': 'application/json', 'x-bansi-signature': signBody(x.value, raw) },
        payload: raw,
      });
      expect(res.json()).toEqual({ outcome: 'unmatched', reason: 'unknown_bill' });
    } finally {
      await two.close();
    }
  });
});

describe(`a configured key, and production (${dialect})`, () => {
  it('production refuses to start without PAYMENT_WEBHOOK_SECRET, and never makes a key of its own', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://bansi.example' })).toThrow(ConfigError);
    const config = { ...testConfig(), NODE_ENV: 'production' as const, PAYMENT_WEBHOOK_SECRET: undefined };
    const t = await createTestApp();
    try {
      await expect(webhookSecret({ db: t.db.kysely, config })).rejects.toThrow(/PAYMENT_WEBHOOK_SECRET/);
    } finally {
      await t.close();
    }
  });

  it('in production the simulator is 404 even with PAYMENT_SIMULATOR=true; a configured key is never shown', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bansi.example',
      PAYMENT_WEBHOOK_SECRET: 'a-configured-secret-of-at-least-32-bytes!!',
      PAYMENT_SIMULATOR: 'true',
    });
    try {
      expect(await t.db.kysely.selectFrom('instanceSecrets').select('name').execute()).toEqual([]);
      const { agent: company } = await registerCompany(t);
      const invoice = await issueInvoiceTo(t, company, [{ description: 'Production', amount: 9_000 }]);
      const staff = await loginAs(t, 'staff');
      const res = await staff.inject({ method: 'POST', url: papi(PaymentPaths.staffSimulator), payload: { invoiceNumber: invoice.number } });
      expect(res.statusCode).toBe(404);
      const admin = await loginAs(t, 'staffAdmin');
      expect((await admin.inject({ url: papi(PaymentPaths.staffWebhookSecret) })).json()).toEqual({
        source: 'configured',
        secret: null,
        simulator: false,
      });
    } finally {
      await t.close();
    }
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE, BackofficePaths, PaymentPaths, type StaffInvoice } from '@bansi/shared';
import { expect, loginAs, test, writeHeaders } from './fixtures';

/**
 * Issue 32: a staff admin adds an endpoint for outgoing events at /staff/webhooks (its secret shown once). An invoice
 * is paid; the receiver fails at first: the delivery shows "waiting", its attempts and the receiver's answer, then is
 * delivered by the next try, and is sent again with the re-send button.
 */
test('outgoing events: an endpoint, a failing then delivered event, and a re-send', async ({ page, baseURL, tr, shot }) => {
  let answer = 500;
  const received: { delivery: string; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ delivery: String(req.headers['x-bansi-delivery']), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    // One address per run: the four projects share the database and run side by side.
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bansi/${test.info().project.name}`;
    await loginAs(page, 'staff');
    await page.goto('/staff/webhooks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('webhooks.title'));

    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-event-invoice.paid').check();
    await page.getByTestId('webhook-add').click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^[A-Za-z0-9_-]{40,}$/);
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await expect(endpoint).toContainText(tr('webhooks.events.invoice.paid'));
    await expect(endpoint).toContainText(tr('webhooks.endpoints.active'));

    // An invoice paid: staff issue one to a company and the test bank pays it (PAYMENT_SIMULATOR in this run).
    const headers = await writeHeaders(page.request, baseURL!);
    const companies = (await (await page.request.get(`${API_BASE}${BackofficePaths.companies}?limit=1`)).json()) as { items: { id: string }[] };
    const issued = await page.request.post(`${API_BASE}${PaymentPaths.staffInvoices}`, {
      headers,
      data: { companyId: companies.items[0]!.id, lines: [{ description: 'Outgoing events test', amount: 100_000 }], dueDate: '2030-01-31' },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const { number } = (await issued.json()) as StaffInvoice;
    const paid = await page.request.post(`${API_BASE}${PaymentPaths.staffSimulator}`, { headers, data: { invoiceNumber: number } });
    expect(paid.status(), await paid.text()).toBe(200);

    // The receiver answers 500: the delivery waits for its next try, showing the answer. (The other runs' invoices are
    // sent to this endpoint too: this invoice's delivery is the one whose body names it.)
    const ours = () => received.filter((r) => (JSON.parse(r.body) as { data: { number?: string } }).data.number === number);
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = page.locator(`[data-testid="webhook-delivery"][data-id="${ours()[0]!.delivery}"]`);
    await expect(async () => {
      await page.reload();
      await expect(delivery.getByTestId('webhook-delivery-answer')).toContainText('500', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toHaveAttribute('data-status', 'pending');
    await expect(delivery.getByTestId('webhook-delivery-answer')).toContainText('receiver is down');
    await expect(delivery.getByTestId('webhook-resend')).toHaveCount(0);
    await shot('staff-webhooks-waiting');

    // It comes back: the next try delivers it.
    answer = 200;
    await expect(async () => {
      await page.reload();
      await expect(delivery).toHaveAttribute('data-status', 'delivered', { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText(tr('webhooks.deliveries.status.delivered'));
    await expect(delivery.getByTestId('webhook-delivery-answer')).toContainText('200');
    const tries = ours().length;
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(ours().at(-1)!.body)).toMatchObject({ type: 'invoice.paid', data: { number } });

    // Sent again by hand: one more request, delivered again.
    await delivery.getByTestId('webhook-resend').click();
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(tries + 1);
    await expect(async () => {
      await page.reload();
      await expect(delivery).toHaveAttribute('data-status', 'delivered', { timeout: 2_000 });
      await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText(
        tr('webhooks.deliveries.attempts', { attempts: tries + 1, max: 8 }),
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 30_000 });
    await shot('staff-webhooks');

    // Turned off, the endpoint gets no more events.
    await endpoint.getByTestId('webhook-disable').click();
    await expect(endpoint).toContainText(tr('webhooks.endpoints.off'));
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

import {
  ConfirmInvoiceBody,
  CreateInvoiceBody,
  FeeSchedule,
  IdParams,
  Invoice,
  NoContent,
  InvoiceList,
  InvoiceListQuery,
  InvoiceQr,
  NotifyResult,
  PAYMENT_SIGNATURE_HEADER,
  PageQuery,
  PaymentNotification,
  PaymentPaths,
  PutFeesBody,
  ResolveNotificationBody,
  ReverseInvoiceBody,
  SimulatePaymentBody,
  SimulatedPayment,
  StaffInvoiceDetail,
  StaffInvoiceList,
  StaffInvoiceListQuery,
  UnmatchedNotificationList,
  VoidInvoiceBody,
  WebhookSecretInfo,
} from '@bansi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import { verifySignature } from '../../lib/signature';
import { webhookSecret } from './payments.webhook-secret';
import { registerPaymentFirstPaint } from './payments.first-paint';
import {
  decideOnSlip,
  findInvoiceForStaff,
  getFees,
  getCurrentFees,
  getInvoice,
  getStaffInvoice,
  invoiceQr,
  issueInvoice,
  listInvoices,
  listStaffInvoices,
  listUnmatched,
  putFees,
  readableInvoice,
  receiveNotification,
  resolveUnmatched,
  voidInvoice,
} from './payments.service';
import { simulatorEnabled, simulatorProvider } from './payments.simulator';
import { reversePayment } from './payments.reversal';
import type { InvoicesTable } from './payments.tables';
import { RECEIPT_JOB, ensureReceipt, receiptFileOf } from './payments.receipt';
import { replyWithStoredFile } from '../files';
import { notFound } from '../../lib/errors';

const lang = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

/** Service payment (issue 15): invoices and paying them, the bank's notification, staff billing, fees. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['payments'];

  // Made at the first start without PAYMENT_WEBHOOK_SECRET (and kept): staff admins can read it before any payment.
  await webhookSecret(deps);

  app.jobs.register(RECEIPT_JOB, async (payload, ctx) => {
    await ensureReceipt(ctx.deps, String(payload.invoiceId));
  });
  registerPaymentFirstPaint(app, deps);

  /**
   * The receipt PDF of a paid invoice; of an open one whose payment was reversed, the cancelled copy
   * (decision 120); else 409.
   */
  const sendReceipt = async (request: FastifyRequest, reply: FastifyReply, invoice: InvoicesTable | undefined) => {
    if (!invoice) throw notFound();
    const file = await receiptFileOf(deps, deps.db, invoice);
    if (!file) throw new AppError(409, 'NOT_READY');
    return replyWithStoredFile(request, reply, deps, file, { disposition: 'attachment' });
  };

  // --- company ---
  app.get(
    PaymentPaths.receipt(':id'),
    { config: { audience: 'company' }, schema: { tags, summary: 'The receipt (PDF) of a paid invoice', params: IdParams } },
    async (request, reply) => sendReceipt(request, reply, await readableInvoice(deps.db, request.principal!, request.params.id)),
  );
  app.get(
    PaymentPaths.invoices,
    {
      config: { audience: 'company' },
      schema: { tags, summary: "The company's invoices, filtered by status", querystring: InvoiceListQuery, response: { 200: InvoiceList } },
    },
    async (request) => listInvoices(deps, request.principal!, request.query, lang(request)),
  );
  app.get(
    PaymentPaths.invoice(':id'),
    { config: { audience: 'company' }, schema: { tags, summary: "One of the company's invoices", params: IdParams, response: { 200: Invoice } } },
    async (request) => getInvoice(deps, request.principal!, request.params.id, lang(request)),
  );
  app.get(
    PaymentPaths.qr(':id'),
    {
      config: { audience: 'company' },
      schema: { tags, summary: 'The LAO QR code that pays an open invoice', params: IdParams, response: { 200: InvoiceQr } },
    },
    async (request) => invoiceQr(deps, request.principal!, request.params.id),
  );

  // --- the bank's signed notification: no session, no CSRF; the signature over the raw body proves it ---
  await app.register(async (scope) => {
    const bank = scope.withTypeProvider<ZodTypeProvider>();
    const raw = new WeakMap<FastifyRequest, string>();
    bank.removeContentTypeParser('application/json');
    // The signature is checked on the raw bytes before anything is parsed or recorded.
    bank.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      async (request: FastifyRequest, body: string | Buffer) => {
        const text = String(body);
        const header = request.headers[PAYMENT_SIGNATURE_HEADER];
        const secret = await webhookSecret(deps);
        if (!verifySignature(secret.value, typeof header === 'string' ? header : undefined, text)) throw new AppError(401, 'PAYMENT_SIGNATURE');
        raw.set(request, text);
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new AppError(400, 'BAD_REQUEST');
        }
      },
    );
    bank.post(
      PaymentPaths.notify,
      {
        config: { audience: 'public', csrf: false },
        schema: {
          tags,
          summary: 'The bank notifies a payment (signed: X-Bansi-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>)',
          body: PaymentNotification,
          response: { 200: NotifyResult },
        },
      },
      async (request) => {
        const text = raw.get(request);
        // a request without a JSON body never went through the parser above, so it was never verified
        if (text === undefined) throw new AppError(401, 'PAYMENT_SIGNATURE');
        return receiveNotification(deps, actorOf(request), request.body, text);
      },
    );
  });

  // --- staff ---
  app.get(
    PaymentPaths.staffInvoices,
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Invoices of every company, filtered (staff)',
        querystring: StaffInvoiceListQuery,
        response: { 200: StaffInvoiceList },
      },
    },
    async (request) => listStaffInvoices(deps, request.query, lang(request)),
  );
  app.post(
    PaymentPaths.staffInvoices,
    {
      config: { audience: 'staff' },
      schema: { tags, summary: 'Issue an invoice with free lines', body: CreateInvoiceBody, response: { 201: StaffInvoiceDetail } },
    },
    async (request, reply) => reply.code(201).send(await issueInvoice(deps, actorOf(request), request.principal!, request.body, lang(request))),
  );
  app.get(
    PaymentPaths.staffInvoice(':id'),
    {
      config: { audience: 'staff' },
      schema: { tags, summary: 'One invoice with its payment, slip and history (staff)', params: IdParams, response: { 200: StaffInvoiceDetail } },
    },
    async (request) => getStaffInvoice(deps, request.params.id, lang(request)),
  );
  app.post(
    PaymentPaths.staffAction(':id', 'void'),
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Void an open invoice, with a reason',
        params: IdParams,
        body: VoidInvoiceBody,
        response: { 200: StaffInvoiceDetail },
      },
    },
    async (request) => voidInvoice(deps, actorOf(request), request.principal!, request.params.id, request.body.reason, lang(request)),
  );
  app.post(
    PaymentPaths.staffAction(':id', 'confirm'),
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Confirm (with the amount and date) or reject a transfer slip',
        params: IdParams,
        body: ConfirmInvoiceBody,
        response: { 200: StaffInvoiceDetail },
      },
    },
    async (request) => decideOnSlip(deps, actorOf(request), request.principal!, request.params.id, request.body, lang(request)),
  );
  // Money already received is taken back only by a staff admin, with a reason (decision 120).
  app.post(
    PaymentPaths.staffAction(':id', 'reverse'),
    {
      config: { audience: 'staffAdmin' },
      schema: {
        tags,
        summary: 'Reverse the payment of a paid invoice, with a reason',
        params: IdParams,
        body: ReverseInvoiceBody,
        response: { 200: StaffInvoiceDetail },
      },
    },
    async (request) => reversePayment(deps, actorOf(request), request.principal!, request.params.id, request.body.reason, lang(request)),
  );
  app.get(
    PaymentPaths.staffUnmatched,
    {
      config: { audience: 'staff' },
      schema: { tags, summary: 'Bank notifications that matched no invoice', querystring: PageQuery, response: { 200: UnmatchedNotificationList } },
    },
    async (request) => listUnmatched(deps, request.query, lang(request)),
  );
  app.post(
    PaymentPaths.staffResolveUnmatched(':id'),
    {
      config: { audience: 'staff' },
      schema: {
        tags,
        summary: 'Apply an unmatched bank notification to an invoice, or dismiss it',
        params: IdParams,
        body: ResolveNotificationBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await resolveUnmatched(deps, actorOf(request), request.principal!, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
  // The test bank's wiring (decision 125): the key this instance made for itself, never a configured one.
  app.get(
    PaymentPaths.staffWebhookSecret,
    {
      config: { audience: 'staffAdmin' },
      schema: { tags, summary: "This instance's key for signing bank notifications (test bank)", response: { 200: WebhookSecretInfo } },
    },
    async () => {
      const secret = await webhookSecret(deps);
      return { source: secret.source, secret: secret.source === 'generated' ? secret.value : null, simulator: simulatorEnabled(app.config) };
    },
  );
  // The simulator bank (decision 126): only with PAYMENT_SIMULATOR=true, never in production (the route does
  // not exist then), and for staff only: a company never pays its own invoice without paying.
  if (simulatorEnabled(app.config)) {
    const simulator = simulatorProvider(app);
    app.post(
      PaymentPaths.staffSimulator,
      {
        config: { audience: 'staff' },
        schema: {
          tags,
          summary: 'Pay an invoice as the test bank would (simulator)',
          body: SimulatePaymentBody,
          response: { 200: SimulatedPayment },
        },
      },
      async (request) => simulator.payInvoice(request.body.invoiceNumber, actorOf(request)),
    );
  }
  app.get(
    PaymentPaths.staffReceipt(':id'),
    { config: { audience: 'staff' }, schema: { tags, summary: 'The receipt (PDF) of a paid invoice (staff)', params: IdParams } },
    async (request, reply) => sendReceipt(request, reply, await findInvoiceForStaff(deps, request.params.id)),
  );
  app.get(
    PaymentPaths.fees,
    { config: { audience: 'staffAdmin' }, schema: { tags, summary: 'The fee schedule, every row (staff admins)', response: { 200: FeeSchedule } } },
    async () => getFees(deps),
  );
  // What each service costs is no secret: the fees page shows it to anyone, from the staff's schedule.
  app.get(
    PaymentPaths.currentFees,
    {
      config: { audience: 'public' },
      schema: { tags, summary: 'The fees in force today, per service and company size', response: { 200: FeeSchedule } },
    },
    async () => getCurrentFees(deps),
  );
  app.put(
    PaymentPaths.fees,
    { config: { audience: 'staffAdmin' }, schema: { tags, summary: 'Change the fee schedule', body: PutFeesBody, response: { 200: FeeSchedule } } },
    async (request) => putFees(deps, actorOf(request), request.principal!, request.body),
  );
};

export default paymentsRoutes;

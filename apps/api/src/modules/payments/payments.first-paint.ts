import { WebPaths, formatLak } from '@bansi/shared';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../plugins/first-paint';
import { qrSvg } from '../../lib/qr';
import type { Deps } from '../../lib/deps';
import { invoiceQr, listInvoices } from './payments.service';

/**
 * The payment screen's first paint (decision 288): the LAO QR of the company's newest open invoice — the one
 * the screen opens — with its amount and number, drawn by the server into the page, so a phone on a slow
 * network can pay before the app has loaded. Nothing for a visitor, staff or a company with nothing to pay.
 */
export function registerPaymentFirstPaint(app: FastifyInstance, deps: Deps) {
  app.firstPaint.register(WebPaths.dashboard.payment, async (request, lang) => {
    const principal = request.principal;
    if (!principal?.companyId || principal.apiKey) return null;
    const [invoice] = (await listInvoices(deps, principal, { status: 'open', limit: 1 }, lang)).items;
    if (!invoice) return null;
    const { payload } = await invoiceQr(deps, principal, invoice.id);
    const alt = escapeHtml(deps.t(lang, 'payments.qrAlt', { number: invoice.number }));
    // The same code as the screen's (components/lao-qr-image.tsx): error correction M, a quiet zone of 4.
    const svg = (await qrSvg(payload, { margin: 4 })).replace('<svg ', `<svg role="img" aria-label="${alt}" width="280" height="280" `);
    return {
      title: deps.t(lang, 'payments.title'),
      body:
        `<div class="fp-row"><div data-testid="lao-qr-first-paint" style="width:280px;max-width:100%">${svg}</div>` +
        `<div style="flex:1 1 12rem"><p class="fp-dim">${escapeHtml(deps.t(lang, 'payments.amount'))}</p>` +
        `<p class="fp-big">${escapeHtml(formatLak(invoice.total, lang))}</p>` +
        `<p class="fp-dim">${escapeHtml(deps.t(lang, 'payments.number'))}</p>` +
        `<p class="fp-mono">${escapeHtml(invoice.number)}</p>` +
        `<p class="fp-dim">${escapeHtml(deps.t(lang, 'payments.scanHint'))}</p></div></div>`,
    };
  });
}

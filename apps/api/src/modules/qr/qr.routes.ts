import { QrCheckParams, QrCheckResult, QrPaths } from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkQrCode, setQrLinkBase } from './qr.service';

/** The public check behind every printed QR code (receipts now; bookings, invoices, notes register later). */
const qrRoutes: FastifyPluginAsyncZod = async (app) => {
  setQrLinkBase(app.deps.config.PUBLIC_URL);
  app.get(
    QrPaths.check(':comId', ':code'),
    {
      // Rate-limited: the code space is large, but nobody needs to try many codes a minute.
      config: { audience: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['qr'],
        summary: 'Is this printed code genuine? What its kind lets the viewer see; 404 otherwise',
        params: QrCheckParams,
        response: { 200: QrCheckResult },
      },
    },
    async (request) => checkQrCode(app.deps.db, request.params.comId, request.params.code, request.principal),
  );
};

export default qrRoutes;

import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

// Single-use links carry their secret in the path (/reset-password/<token>) or a query parameter.
const SECRET_IN_PATH = /(\/reset-password\/)[^/?#\s'"]+/gi;
const SECRET_IN_QUERY = /([?&](?:token|reset_token|code|secret|password)=)[^&#\s'"]*/gi;

/** The URL (or any text holding one) with link tokens replaced, for the request log. */
export const redactUrl = (text: string) => text.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_IN_QUERY, '$1[redacted]');

/** Body and header fields that never reach the log, at whatever depth a log call puts them. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...['token', 'password', 'currentPassword', 'newPassword'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The logger options with secrets kept out: request URLs lose their link tokens, error messages too
 * (Fastify quotes the URL in some), and token and password fields are censored wherever they appear.
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  const options = logger as Record<string, unknown>;
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      ...(options.serializers as Record<string, unknown> | undefined),
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => {
        const out = stdSerializers.err(err) as unknown as Record<string, unknown>;
        for (const key of ['message', 'stack']) if (typeof out[key] === 'string') out[key] = redactUrl(out[key]);
        return out;
      },
    },
  } as unknown as FastifyServerOptions['logger'];
}

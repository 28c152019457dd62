import { AMOUNT_ERRORS, PROBLEM_CONTENT_TYPE, type AmountError, type ErrorCode, type FieldError, type Problem } from '@bansi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/index';
import { AppError } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends an RFC 9457 problem with a title in the caller's language. */
    problem(status: number, code: ErrorCode, errors?: FieldError[], vars?: Record<string, string | number>): FastifyReply;
  }
}

const isAmountError = (message: string): message is AmountError => (AMOUNT_ERRORS as readonly string[]).includes(message);

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

function problemBody(
  app: FastifyInstance,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  errors?: FieldError[],
  vars?: Record<string, string | number>,
): Problem {
  const lng = requestLanguage(request.headers['accept-language']);
  return {
    type: `about:blank#${code}`,
    title: app.t(lng, `errors.${code}`, vars),
    status,
    code,
    instance: request.url.split('?')[0],
    requestId: String(request.id),
    ...(errors ? { errors } : {}),
  };
}

/**
 * Fastify's own refusals before any route runs (a URL that does not decode, a path parameter over
 * the length limit): the same problem document as every other error (Fastify's `frameworkErrors`).
 */
export function frameworkProblem(app: () => FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    request.log.info({ err: error }, 'request refused by the router');
    // This reply is Fastify's bare one (no decorators, no hooks): headers are set here.
    void reply
      .code(status)
      .header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(JSON.stringify(problemBody(app(), request, status, statusCodes[status] ?? 'BAD_REQUEST')));
  };
}

/** One error body everywhere: every failure, from any layer, leaves as a problem document. */
export default fp(async function problems(app: FastifyInstance) {
  app.decorateReply('problem', function (this: FastifyReply, status, code, errors, vars) {
    return this.code(status)
      .type(PROBLEM_CONTENT_TYPE)
      .send(problemBody(app, this.request, status, code, errors, vars));
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.problem(error.status, error.code, error.errors, error.vars);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const lng = requestLanguage(request.headers['accept-language']);
      const errors: FieldError[] = [];
      for (const v of error.validation) {
        const path = [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.');
        const message = v.message ?? v.keyword;
        // The shared Amount schema names its reasons (docs/decisions/145): the field says them in the caller's language.
        if (isAmountError(message)) {
          if (!errors.some((e) => e.path === path && e.code === message)) {
            errors.push({ path, code: message, message: app.t(lng, `errors.amount.${message}`) });
          }
          continue;
        }
        const code = String(v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue ? v.params.issue.code : v.keyword);
        errors.push({ path, code, message });
      }
      return reply.problem(400, 'VALIDATION', errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.problem(500, 'INTERNAL');
    }
    const status = error.statusCode ?? 500;
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or out of reach: a clean, retryable answer (docs/decisions/107).
      request.log.warn({ err: error }, 'database unavailable');
      return reply.header('retry-after', '5').problem(503, 'NOT_READY');
    }
    if (isUniqueViolation(error)) {
      // A concurrent twin of this write won the unique key (docs/decisions/140): a conflict, not a fault.
      request.log.info({ err: error }, 'unique key already taken');
      return reply.problem(409, 'CONFLICT');
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.problem(500, 'INTERNAL');
    }
    request.log.info({ err: error }, 'request refused');
    return reply.problem(status, statusCodes[status] ?? 'BAD_REQUEST');
  });
});

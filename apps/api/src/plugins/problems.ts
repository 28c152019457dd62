import { PROBLEM_CONTENT_TYPE, type ErrorCode, type FieldError, type Problem } from '@bansi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends an RFC 9457 problem with a title in the caller's language. */
    problem(status: number, code: ErrorCode, errors?: FieldError[], vars?: Record<string, string | number>): FastifyReply;
  }
}

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

/** One error body everywhere: every failure, from any layer, leaves as a problem document. */
export default fp(async function problems(app: FastifyInstance) {
  app.decorateReply('problem', function (this: FastifyReply, status, code, errors, vars) {
    const lng = requestLanguage(this.request.headers['accept-language']);
    const body: Problem = {
      type: `about:blank#${code}`,
      title: app.t(lng, `errors.${code}`, vars),
      status,
      code,
      instance: this.request.url.split('?')[0],
      requestId: String(this.request.id),
      ...(errors ? { errors } : {}),
    };
    return this.code(status).type(PROBLEM_CONTENT_TYPE).send(body);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.problem(error.status, error.code, error.errors, error.vars);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        code: String(v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue ? v.params.issue.code : v.keyword),
        message: v.message ?? v.keyword,
      }));
      return reply.problem(400, 'VALIDATION', errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.problem(500, 'INTERNAL');
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.problem(500, 'INTERNAL');
    }
    request.log.info({ err: error }, 'request refused');
    return reply.problem(status, statusCodes[status] ?? 'BAD_REQUEST');
  });
});

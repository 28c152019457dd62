import {
  NoContent,
  Accepted,
  AuthPaths,
  ChangePasswordRequest,
  CsrfToken,
  CurrentSession,
  ForgotPasswordRequest,
  LanguageRequest,
  LoginRequest,
  PasswordCheck,
  PasswordCheckRequest,
  ResetPasswordRequest,
  Session,
} from '@bansi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/errors';
import { actorOf } from '../../lib/actor';
import { requestLanguage } from '../../lib/i18n';
import {
  changePassword,
  getSession,
  judgeNewPassword,
  login,
  logout,
  requestPasswordReset,
  setAccountLanguage,
  setPasswordWithToken,
} from './auth.service';

/** The forgot-password answer never comes sooner than this, so its timing does not tell whether an account exists. */
const FORGOT_MIN_MS = 600;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const authLimit = { max: app.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' };
  const tags = ['auth'];

  app.get(
    AuthPaths.csrf,
    {
      config: { audience: 'public' },
      schema: { tags, summary: "This browser's CSRF token, for the X-CSRF-Token header", response: { 200: CsrfToken } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: app.csrfToken(request, reply) };
    },
  );

  app.post(
    AuthPaths.login,
    {
      config: { audience: 'public', rateLimit: authLimit },
      schema: { tags, summary: 'Log in with e-mail or phone and password', body: LoginRequest, response: { 200: Session } },
    },
    async (request, reply) => {
      const { token, session } = await login(deps, request.body, {
        previousSessionId: request.principal?.sessionId ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        address: request.ip,
        actor: actorOf(request),
      });
      app.sessionCookie.set(reply, token, session.expiresAt);
      return session;
    },
  );

  app.post(
    AuthPaths.logout,
    {
      config: { audience: 'public' },
      schema: { tags, summary: 'Sign out (ends the session; a visitor gets 204 too)', response: { 204: NoContent } },
    },
    async (request, reply) => {
      if (request.principal) await logout(deps, request.principal.sessionId, actorOf(request));
      app.sessionCookie.clear(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    AuthPaths.session,
    { config: { audience: 'public' }, schema: { tags, summary: 'The current session; 401 for a visitor', response: { 200: Session } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.principal) throw unauthenticated();
      return getSession(deps, request.principal);
    },
  );

  // The same question for the web app, whose every first page asks it: a visitor is an answer, not an
  // error, so a first visit logs no failed request (decision 144). API clients keep the 401 above.
  app.get(
    AuthPaths.currentSession,
    {
      config: { audience: 'public' },
      schema: { tags, summary: 'The current session, or null for a visitor (never 401)', response: { 200: CurrentSession } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { session: request.principal ? await getSession(deps, request.principal) : null };
    },
  );

  // Any signed-in account (company or staff) keeps its own language. A visitor has no account: their choice
  // lives in the browser (localStorage and the bansi_lang cookie), so the app calls this whatever the session.
  app.put(
    AuthPaths.language,
    {
      config: { audience: 'public' },
      schema: {
        tags,
        summary: 'Keep the language chosen in the app on the account (mails, PDFs, calendar files, CSVs use it); nothing to keep for a visitor',
        body: LanguageRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      if (request.principal) await setAccountLanguage(deps, request.principal, request.body.language);
      return reply.code(204).send(null);
    },
  );

  app.post(
    AuthPaths.forgotPassword,
    {
      config: { audience: 'public', rateLimit: authLimit },
      schema: { tags, summary: 'Send a reset link if the address has an account', body: ForgotPasswordRequest, response: { 202: Accepted } },
    },
    async (request, reply) => {
      const started = Date.now();
      try {
        await requestPasswordReset(deps, request.body.email, actorOf(request));
      } catch (err) {
        request.log.error({ err }, 'password reset request failed');
      }
      await new Promise((r) => setTimeout(r, Math.max(0, FORGOT_MIN_MS - (Date.now() - started))));
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    AuthPaths.resetPassword,
    {
      config: { audience: 'public', rateLimit: authLimit },
      schema: { tags, summary: 'Set a new password with a reset link; ends every session', body: ResetPasswordRequest, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await setPasswordWithToken(
        deps,
        request.body.token,
        request.body.password,
        requestLanguage(request.headers['accept-language']),
        actorOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    AuthPaths.password,
    {
      config: { audience: 'account', rateLimit: authLimit },
      schema: {
        tags,
        summary: "Change the signed-in account's password (the current one first); ends the account's other sessions and mails the owner",
        body: ChangePasswordRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await changePassword(deps, request.principal!, request.body, requestLanguage(request.headers['accept-language']), actorOf(request));
      return reply.code(204).send(null);
    },
  );

  // The strength meter of every new-password field asks here while the user types (debounced), so the
  // rule's dictionaries stay on the server (decision 143). A POST: the password never sits in a URL or a log.
  app.post(
    AuthPaths.passwordCheck,
    {
      config: { audience: 'public', rateLimit: { max: app.config.RATE_LIMIT_PASSWORD_CHECK_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'How the password rule judges a new password (for the strength meter; nothing is stored)',
        body: PasswordCheckRequest,
        response: { 200: PasswordCheck },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return judgeNewPassword(deps, request.body);
    },
  );
};

export default authRoutes;

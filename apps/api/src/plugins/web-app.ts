import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@bansi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../lib/i18n';
import { DEFAULT_WEB_DIST } from '../paths';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed files under /static/* (pre-compressed .br/.gz, cached for a
 * year) and index.html (never cached) for every other GET that asks for HTML, so deep links work.
 * Anything else that matches no route is a 404 problem.
 */
export default async function webApp(app: FastifyInstance, opts: { serveWeb: boolean }) {
  const root = app.config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  const hasWeb = opts.serveWeb && existsSync(join(root, 'index.html'));
  if (opts.serveWeb && !hasWeb) app.log.warn({ root }, 'web app not built; serving the API only');

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/static 10 hands setHeaders the reply (older majors gave the raw response).
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/static/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root, { cacheControl: false });

  // The home page prerendered in each language at build time (apps/web/prerender, decision 285): its heading, text
  // and links paint before the JavaScript arrives. The visitor's choice is the app's `bansi_lang` cookie (the web app's
  // lib/i18n.ts writes it beside localStorage); without one, Lao — the app's own default, whatever the browser's Accept-Language.
  const prerendered = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, hasWeb && existsSync(join(root, `index.${lng}.html`)) ? `index.${lng}.html` : null]),
  ) as Record<Language, string | null>;
  const languageOf = (request: FastifyRequest): Language => {
    const chosen = request.cookies[LANGUAGE_COOKIE];
    return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
  };
  const sendHome = (request: FastifyRequest, reply: FastifyReply) => {
    const file = prerendered[languageOf(request)];
    if (!file) return sendIndex(reply);
    return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file, root, { cacheControl: false });
  };

  // index.html in the visitor's language that also asks at once for its translation catalog and, for the first
  // screens a phone opens by a link (the dashboard, the payment screen, the guide book), for the screen's chunks
  // (decision 286): the build's pages.json names them. Without it (an older build), index.html.
  const pagesFile = join(root, 'pages.json');
  const pages: Partial<Record<Language, Record<string, string>>> = hasWeb && existsSync(pagesFile) ? JSON.parse(readFileSync(pagesFile, 'utf8')) : {};
  const sendPage = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const ours = pages[languageOf(request)];
    const file = ours?.[path.replace(/\/+$/, '')] ?? ours?.['*'];
    if (!file) return sendIndex(reply);
    return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file, root, { cacheControl: false });
  };

  if (hasWeb) app.get('/', { config: { audience: 'public' }, schema: { hide: true } }, sendHome);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== API_BASE &&
      !path.startsWith('/static/') &&
      !path.startsWith('/asset/') &&
      // A browser asks for HTML; a HEAD (link checkers, monitors) or GET without it still gets the page
      // for any path that does not name a file, so HEAD answers like GET.
      ((request.headers.accept ?? '').includes('text/html') || !/\.[A-Za-z0-9]+$/.test(path));
    if (wantsPage) return sendPage(request, reply, path);
    return reply.problem(404, 'NOT_FOUND');
  });
}

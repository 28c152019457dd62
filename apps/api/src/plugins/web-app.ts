import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE, DEFAULT_LANGUAGE, LANGUAGES, isLanguage, PRERENDERED_PAGE_SCRIPT, PRERENDERED_PAGES, type Language } from '@bansi/shared';
import type { Catalog } from '@bansi/shared/catalog-files';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../lib/i18n';
import { DEFAULT_WEB_DIST } from '../paths';
import { catalogPath } from './assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed files under /static/* (pre-compressed .br/.gz, cached for a
 * year) and index.html (never cached, see sendPage) for every other GET that asks for HTML, so deep links work.
 * Anything else that matches no route is a 404 problem.
 */
export default async function webApp(app: FastifyInstance, opts: { serveWeb: boolean; catalogs: Record<Language, Catalog> }) {
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

  // The translation catalog the app will ask for first, named in the page so the browser fetches it beside the
  // app's scripts rather than after them (one round trip less before the first screen, issue 29): the language
  // the app shows this browser (its cookie), else Lao, the app's default.
  const catalogPreloads = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, `<link rel="preload" href="${catalogPath(lng, opts.catalogs[lng])}" as="fetch" crossorigin />`]),
  ) as Record<Language, string>;

  /** The language the app shows this browser: its `bansi_lang` cookie, else Lao, the app's default — never Accept-Language. */
  const languageOf = (request: FastifyRequest): Language => {
    const chosen = request.cookies[LANGUAGE_COOKIE];
    return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
  };

  /**
   * A screen's page: index.html with its catalog's preload and, when the screen's module draws one for this
   * request, its first paint (plugins/first-paint.ts) before the app's root. Read for each page, so a new
   * build is served at once.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    let page = (await readFile(join(root, 'index.html'), 'utf8')).replace('</head>', `  ${catalogPreloads[languageOf(request)]}\n  </head>`);
    reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8');
    const paint = request.method === 'GET' ? await app.firstPaint.draw(request, request.url.split('?')[0] ?? '') : null;
    if (paint) {
      // The app's stylesheets move from the head to between the first paint and the app's root: a stylesheet in
      // the body holds back only what comes after it, so the first paint (styled inline) shows without waiting for
      // them — on a slow network they share the line with the app's scripts — and the app never shows unstyled.
      // The app mounts underneath, inert and hidden from assistive technology until it takes over (lib/first-paint.ts).
      const sheets: string[] = [];
      page = page.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => (sheets.push(link.trim()), ''));
      page = page.replace('<div id="root">', `${paint}${sheets.join('')}<div id="root" inert aria-hidden="true">`);
    }
    return reply.send(page);
  };

  // The home page, log-in and registration are prerendered in each language (decisions 285, 290): sent by the
  // visitor's language (languageOf). Without the build's file, index.html as for any other page.
  // The pages' one inline script is allowed by its hash, on these pages only.
  const scriptHash = `'sha256-${createHash('sha256').update(PRERENDERED_PAGE_SCRIPT).digest('base64')}'`;
  for (const [path, { name }] of Object.entries(PRERENDERED_PAGES)) {
    if (!hasWeb) break;
    const files = Object.fromEntries(
      LANGUAGES.map((lng) => [lng, existsSync(join(root, `prerender/${name}.${lng}.html`)) ? `prerender/${name}.${lng}.html` : null]),
    ) as Record<Language, string | null>;
    const sendPrerendered = (request: FastifyRequest, reply: FastifyReply) => {
      const file = files[languageOf(request)];
      if (!file) return sendPage(request, reply);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${scriptHash}`));
      return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file, root, { cacheControl: false });
    };
    app.get(path, { config: { audience: 'public' }, schema: { hide: true } }, sendPrerendered);
  }

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
    if (wantsPage) return sendPage(request, reply);
    return reply.problem(404, 'NOT_FOUND');
  });
}

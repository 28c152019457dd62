import { findMatches, highlightSnippet, matchText, searchPatterns, type QueryTerm } from '@bansi/shared/domain/search-text';
import { localized, type Language, type SearchHit } from '@bansi/shared';
import { decodeSearchCursor, encodeSearchCursor } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import type { Principal } from '../../plugins/access';
import { targetOf } from './content.reads';
import * as repo from './content.repository';
import { queryOffThread } from './content.search-pool';
import type { NotificationRow, PageRow, PostRow, SearchDocumentRow } from './content.repository';
import { excerpt, htmlToText } from './content.sanitize';
import type { SearchDocumentsTable } from './content.tables';

// Lao-aware search (docs/decisions/015 and 100): one row per document, written with every staff
// edit, found through a substring (trigram) index and ranked in SQL.

/** Read time: every visibility rule compares against this. */
const nowIso = () => new Date().toISOString();

type Kind = SearchDocumentsTable['docKind'];

/** What a document gives the search: its texts (bodies already plain) and who may see it. */
export interface SearchSource {
  ref: string;
  status: PostRow['status'];
  publishAt: string | null;
  shownAt: string;
  audienceKind: SearchDocumentsTable['audienceKind'];
  audienceValue: string | null;
  lo: { title: string; summary: string; body: string };
  en: { title: string; summary: string; body: string };
}

export const postSource = (p: PostRow): SearchSource => ({
  ref: p.slug,
  status: p.status,
  publishAt: p.publishAt,
  shownAt: p.publishAt ?? p.updatedAt,
  audienceKind: 'public',
  audienceValue: null,
  lo: { title: p.titleLo, summary: p.summaryLo, body: htmlToText(p.bodyLo) },
  en: { title: p.titleEn, summary: p.summaryEn, body: htmlToText(p.bodyEn) },
});

export const notificationSource = (n: NotificationRow): SearchSource => ({
  ref: n.id,
  status: n.status,
  publishAt: n.publishAt,
  shownAt: n.publishAt ?? n.updatedAt,
  audienceKind: n.audienceKind,
  audienceValue: n.audienceValue,
  lo: { title: n.titleLo, summary: '', body: htmlToText(n.bodyLo) },
  en: { title: n.titleEn, summary: '', body: htmlToText(n.bodyEn) },
});

export const pageSource = (p: PageRow): SearchSource => ({
  ref: p.key,
  status: p.status,
  publishAt: p.publishAt,
  shownAt: p.updatedAt,
  audienceKind: 'public',
  audienceValue: null,
  lo: { title: p.titleLo, summary: '', body: htmlToText(p.bodyLo) },
  en: { title: p.titleEn, summary: '', body: htmlToText(p.bodyEn) },
});

const joinText = (...parts: string[]) => parts.filter((p) => p.trim()).join('\n');

/** The search row of a document: plain text for snippets, match text for the index. */
export function searchDocumentOf(kind: Kind, id: string, s: SearchSource): SearchDocumentRow {
  const title = matchText(joinText(s.lo.title, s.en.title));
  const summary = matchText(joinText(s.lo.summary, s.en.summary));
  const all = matchText(joinText(s.lo.title, s.lo.summary, s.lo.body, s.en.title, s.en.summary, s.en.body));
  return {
    docKind: kind,
    docId: id,
    ref: s.ref,
    status: s.status,
    publishAt: s.publishAt,
    audienceKind: s.audienceKind,
    audienceValue: s.audienceValue || null,
    shownAt: s.shownAt,
    titleLo: s.lo.title,
    titleEn: s.en.title,
    textLo: joinText(s.lo.summary, s.lo.body),
    textEn: joinText(s.en.summary, s.en.body),
    matchTitle: title,
    matchSummary: summary,
    matchAll: all,
  };
}

/** The list excerpt of a body (notifications show 160 characters, posts without a summary 200). */
export const excerptOf = (kind: 'post' | 'notification', body: string) => excerpt(body, kind === 'notification' ? 160 : 200);

/**
 * Rewrites one document's search row (and, for posts and notifications, the plain-text excerpts
 * their lists show), in the caller's transaction.
 */
export async function reindex(db: Executor, kind: Kind, id: string, source: SearchSource) {
  await repo.replaceSearchDocument(db, searchDocumentOf(kind, id, source));
  if (kind !== 'page') await repo.setExcerpts(db, kind, [excerptsOf(kind, id, source)]);
}

/**
 * The same rows as `reindex` for many documents that have none yet (seeds, imports), written with
 * multi-row statements instead of a few statements per document. After the last batch, call
 * `repo.optimizeSearchIndex`.
 */
export async function indexNew(db: Executor, kind: Kind, docs: Array<{ id: string; source: SearchSource }>) {
  await repo.insertSearchDocuments(
    db,
    docs.map((d) => searchDocumentOf(kind, d.id, d.source)),
  );
  if (kind !== 'page')
    await repo.setExcerpts(
      db,
      kind,
      docs.map((d) => excerptsOf(kind, d.id, d.source)),
    );
}

const excerptsOf = (kind: 'post' | 'notification', id: string, s: SearchSource) => ({
  id,
  excerptLo: excerptOf(kind, s.lo.body),
  excerptEn: excerptOf(kind, s.en.body),
});

/**
 * Lao-aware search across posts, notifications and info pages. The query becomes substring
 * patterns (`searchPatterns`); documents containing all of them are ranked first (if there are
 * none, those containing any), in SQL, over the visible documents only. Relevance ranks the newest
 * SEARCH_WINDOW matches; once their ranking is read, the cursor goes on to the next, older window
 * ("more results", decision 100), so a very common word costs one window per page, never all its
 * matches. The cursor (lib/cursor `decodeSearchCursor`) carries the offset, the window and the mode.
 */
export async function search(
  deps: Deps,
  principal: Principal | null,
  lang: Language,
  q: { q: string; cursor?: string; limit: number; window?: number },
) {
  const at = decodeSearchCursor(deps, lang, q.cursor);
  const patterns = searchPatterns(q.q);
  if (patterns.length === 0) return { items: [] as SearchHit[], nextCursor: null };
  const target = await targetOf(deps.db, principal);
  const ask = (any: boolean) =>
    runSearch(deps, {
      patterns: patterns.map((p) => p.pattern),
      mode: any ? 'any' : 'all',
      target,
      now: nowIso(),
      offset: at.offset,
      limit: q.limit,
      before: at.before,
      window: q.window,
    });
  let any = at.any;
  let rows = await ask(any);
  if (rows.length === 0 && !any && at.offset === 0 && at.before === 0 && patterns.length > 1) rows = await ask((any = true));
  const terms = patterns.map((p) => p.term);
  const items = rows.slice(0, q.limit).map((r): SearchHit => ({
    kind: r.docKind,
    id: r.docId,
    ref: r.ref,
    title: lang === 'en' ? localized(r.titleLo, r.titleEn, 'en') : r.titleLo,
    snippet: snippetFor(r, terms, lang),
    date: r.shownAt,
    score: Number(r.score),
  }));
  const window = rows[0];
  const nextCursor =
    rows.length > q.limit
      ? encodeSearchCursor({ ...at, any, offset: at.offset + q.limit })
      : window && Number(window.windowCount) >= (q.window ?? repo.SEARCH_WINDOW)
        ? encodeSearchCursor({ any, offset: 0, before: Number(window.windowLow) })
        : null;
  return { items, nextCursor };
}

/** Each database's file (SQLite), looked up once: '' or null runs the query here. */
const files = new WeakMap<Executor, Promise<string | null>>();

/**
 * Runs a search query: on a SQLite file in the search worker (better-sqlite3 would hold the event
 * loop for the whole query, decision 100), otherwise here (PostgreSQL answers asynchronously; an
 * in-memory SQLite database cannot be opened by a second connection).
 */
async function runSearch({ db, config }: Deps, query: repo.SearchQuery): Promise<repo.SearchResultRow[]> {
  let file = files.get(db);
  if (!file) files.set(db, (file = repo.sqliteFile(db)));
  const path = config.SEARCH_WORKER && (await file);
  return path ? queryOffThread(path, repo.searchDocumentsQuery(db, query)) : repo.searchDocuments(db, query);
}

/** A snippet in the reader's language when the match is there, else in the other one. */
function snippetFor(r: { textLo: string; textEn: string; titleLo: string; titleEn: string }, terms: QueryTerm[], lang: Language) {
  const texts: Record<Language, string[]> = { lo: [r.textLo, r.titleLo], en: [r.textEn, r.titleEn] };
  const order: Language[] = lang === 'en' ? ['en', 'lo'] : ['lo', 'en'];
  for (const l of order) {
    for (const text of texts[l]) {
      if (text && findMatches(text, terms).length > 0) return highlightSnippet(text, terms);
    }
  }
  const fallback = texts[lang].find((t) => t.trim()) ?? texts.lo.find((t) => t.trim()) ?? '';
  return highlightSnippet(fallback, terms);
}

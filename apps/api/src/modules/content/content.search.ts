import { findMatches, highlightSnippet, indexTerms, queryTerms, rankDocuments, type QueryTerm } from '@bansi/shared/domain/search-text';
import { localized, type Language, type SearchHit } from '@bansi/shared';
import { decodeOffset } from '../../lib/cursor';
import type { Deps, Executor } from '../../lib/deps';
import type { Principal } from '../../plugins/access';
import { targetOf } from './content.reads';
import * as repo from './content.repository';
import type { NotificationRow, PageRow, PostRow } from './content.repository';
import { htmlToText } from './content.sanitize';
import type { SearchTermsTable } from './content.tables';

// Lao-aware search (docs/decisions/015): the index written with every staff edit, and the query.

/** Read time: every visibility rule compares against this. */
const nowIso = () => new Date().toISOString();

export interface IndexedField {
  lang: Language;
  weight: number;
  text: string;
}

/** The search terms of one document, rebuilt whenever it is written. */
export async function reindex(db: Executor, kind: SearchTermsTable['docKind'], id: string, fields: IndexedField[]) {
  const rows: Omit<SearchTermsTable, 'docKind' | 'docId'>[] = [];
  for (const field of fields) {
    if (!field.text.trim()) continue;
    for (const [term, hits] of indexTerms(field.text)) rows.push({ lang: field.lang, fieldWeight: field.weight, term, hits });
  }
  await repo.replaceSearchTerms(db, kind, id, rows);
}

export const postFields = (p: PostRow): IndexedField[] => [
  { lang: 'lo', weight: 3, text: p.titleLo },
  { lang: 'lo', weight: 2, text: p.summaryLo },
  { lang: 'lo', weight: 1, text: htmlToText(p.bodyLo) },
  { lang: 'en', weight: 3, text: p.titleEn },
  { lang: 'en', weight: 2, text: p.summaryEn },
  { lang: 'en', weight: 1, text: htmlToText(p.bodyEn) },
];
export const titleBodyFields = (n: NotificationRow | PageRow): IndexedField[] => [
  { lang: 'lo', weight: 3, text: n.titleLo },
  { lang: 'lo', weight: 1, text: htmlToText(n.bodyLo) },
  { lang: 'en', weight: 3, text: n.titleEn },
  { lang: 'en', weight: 1, text: htmlToText(n.bodyEn) },
];

interface Candidate {
  kind: SearchHit['kind'];
  id: string;
  ref: string;
  date: string;
  title: Record<Language, string>;
  /** texts to cut a snippet from, best first, per language */
  texts: Record<Language, string[]>;
}

const chunks = <T>(items: T[], size = 500) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Lao-aware search across posts, notifications and info pages: the query is segmented like the
 * content was, matching terms are looked up in the term table, documents are ranked by weighted hits
 * (one implementation, `rankDocuments`), and only what this caller may see is kept. Ranked results
 * page by offset (lib/cursor decodeOffset).
 */
export async function search(deps: Deps, principal: Principal | null, lang: Language, q: { q: string; cursor?: string; limit: number }) {
  const terms = queryTerms(q.q);
  if (terms.length === 0) return { items: [] as SearchHit[], nextCursor: null };
  const offset = decodeOffset(deps, lang, q.cursor);

  const hits = await repo.findTermHits(deps.db, terms);
  const ranked = rankDocuments(
    terms,
    hits.map((h) => ({ doc: `${h.docKind}:${h.docId}`, term: h.term, weight: h.fieldWeight, count: h.hits })),
  );
  const idsOf = (kind: string) => ranked.filter((r) => r.doc.startsWith(`${kind}:`)).map((r) => r.doc.slice(kind.length + 1));

  const now = nowIso();
  const target = await targetOf(deps.db, principal);
  const visible = new Map<string, Candidate>();
  for (const ids of chunks(idsOf('post'))) {
    for (const p of await repo.findLivePostsByIds(deps.db, ids, now)) {
      visible.set(`post:${p.id}`, {
        kind: 'post',
        id: p.id,
        ref: p.slug,
        date: p.publishAt ?? p.updatedAt,
        title: { lo: p.titleLo, en: localized(p.titleLo, p.titleEn, 'en') },
        texts: { lo: [p.summaryLo, htmlToText(p.bodyLo), p.titleLo], en: [p.summaryEn, htmlToText(p.bodyEn), p.titleEn] },
      });
    }
  }
  for (const ids of chunks(idsOf('notification'))) {
    for (const n of await repo.findLiveNotificationsByIds(deps.db, ids, target, now)) {
      visible.set(`notification:${n.id}`, {
        kind: 'notification',
        id: n.id,
        ref: n.id,
        date: n.publishAt ?? n.updatedAt,
        title: { lo: n.titleLo, en: localized(n.titleLo, n.titleEn, 'en') },
        texts: { lo: [htmlToText(n.bodyLo), n.titleLo], en: [htmlToText(n.bodyEn), n.titleEn] },
      });
    }
  }
  for (const ids of chunks(idsOf('page'))) {
    for (const p of await repo.findLivePagesByIds(deps.db, ids, now)) {
      visible.set(`page:${p.id}`, {
        kind: 'page',
        id: p.id,
        ref: p.key,
        date: p.updatedAt,
        title: { lo: p.titleLo, en: localized(p.titleLo, p.titleEn, 'en') },
        texts: { lo: [htmlToText(p.bodyLo), p.titleLo], en: [htmlToText(p.bodyEn), p.titleEn] },
      });
    }
  }

  const results = ranked.filter((r) => visible.has(r.doc));
  const pageItems = results.slice(offset, offset + q.limit).map((r): SearchHit => {
    const c = visible.get(r.doc)!;
    return {
      kind: c.kind,
      id: c.id,
      ref: c.ref,
      title: c.title[lang],
      snippet: snippetFor(c, terms, lang),
      date: c.date,
      score: Math.round(r.score * 100) / 100,
    };
  });
  const next = offset + q.limit;
  return { items: pageItems, nextCursor: next < results.length ? String(next) : null };
}

/** A snippet in the reader's language when the match is there, else in the other one. */
function snippetFor(c: Candidate, terms: QueryTerm[], lang: Language) {
  const order: Language[] = lang === 'en' ? ['en', 'lo'] : ['lo', 'en'];
  for (const l of order) {
    for (const text of c.texts[l]) {
      if (text && findMatches(text, terms).length > 0) return highlightSnippet(text, terms);
    }
  }
  const fallback = c.texts[lang].find((t) => t.trim()) ?? c.texts.lo.find((t) => t.trim()) ?? '';
  return highlightSnippet(fallback, terms);
}

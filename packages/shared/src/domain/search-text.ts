/**
 * Lao-aware search text: one normalisation, one segmentation and one ranking rule, used by the API to
 * build its search-term table, to read queries and to rank and highlight results (docs/decisions/015).
 *
 * Lao is written without spaces between words. `Intl.Segmenter('lo')` (ICU's Lao dictionary) splits
 * it into words, but it may split a compound differently in different contexts (ການລາຍງານ →
 * ການລາຍ|ງານ), so next to each word we also index short runs of adjacent Lao words glued together
 * ("shingles"), and a Lao query word also matches any indexed term that contains it.
 */

const LAO_CHAR = /[\u0E80-\u0EFF]/;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/;

/** Longest term stored; longer words are cut (nobody types 64 characters into a search box). */
export const MAX_TERM_LENGTH = 64;
/** At most this many words of a query are used. */
export const MAX_QUERY_TERMS = 8;
/** Adjacent Lao words glued together into one extra term, up to this many. */
const SHINGLE_MAX_WORDS = 3;

export const hasLao = (text: string) => LAO_CHAR.test(text);

export interface NormalizedText {
  /** The text as compared: NFC, Lao spelling variants unified, lower case, no Latin accents. */
  text: string;
  /** For each character of `text`, the index of the character of the source it came from. */
  map: number[];
}

// Lao has two spellings for a few letters: the composed ຳ/ໜ/ໝ and the pairs people also type.
// ICU's dictionary knows the composed ones, so the pairs are folded into them (not the other way,
// which NFKC would do and which breaks segmentation).
const LAO_PAIRS: Array<[string, string]> = [
  ['\u0ECD\u0EB2', '\u0EB3'], // ໍ + າ → ຳ
  ['\u0EAB\u0E99', '\u0EDC'], // ຫ + ນ → ໜ
  ['\u0EAB\u0EA1', '\u0EDD'], // ຫ + ມ → ໝ
];

/** Normalises `source` (taken as NFC) for comparison, keeping a map back to its characters. */
export function normalizeForSearch(source: string): NormalizedText {
  const chars: string[] = [];
  const map: number[] = [];
  let i = 0;
  outer: while (i < source.length) {
    const code = source.codePointAt(i)!;
    if (code === 0x0ecd || code === 0x0eab) {
      for (const [pair, single] of LAO_PAIRS) {
        if (source.startsWith(pair, i)) {
          chars.push(single);
          map.push(i);
          i += pair.length;
          continue outer;
        }
      }
    }
    // ASCII and Lao (every Lao character but the pairs above) come out of the folding below
    // unchanged or lower-cased: a shortcut for almost every character of a document.
    if (code < 0x80 || (code >= 0x0e80 && code <= 0x0eff)) {
      chars.push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : source[i]!);
      map.push(i);
      i += 1;
      continue;
    }
    const ch = String.fromCodePoint(code);
    if (!INVISIBLE.test(ch)) {
      const folded = ch.normalize('NFD').replace(LATIN_MARKS, '').toLowerCase();
      for (const f of folded) {
        for (let k = 0; k < f.length; k += 1) {
          chars.push(f[k]!);
          map.push(i);
        }
      }
    }
    i += ch.length;
  }
  return { text: chars.join(''), map };
}

export const normalizeSearchText = (source: string) => normalizeForSearch(source.normalize('NFC')).text;

export interface WordToken {
  term: string;
  /** start and end in the normalised text */
  start: number;
  end: number;
  lao: boolean;
}

let segmenter: Intl.Segmenter | undefined;
const wordSegmenter = () => (segmenter ??= new Intl.Segmenter('lo', { granularity: 'word' }));

// A dictionary word never mixes scripts; ICU sometimes glues digits to Lao (ວັນທີ31ມີນາ).
const SCRIPT_RUN = /[\u0E80-\u0EFF]+|[^\u0E80-\u0EFF]+/g;

/** The words of already normalised text, in order, with their positions. */
export function segmentWords(normalized: string): WordToken[] {
  const out: WordToken[] = [];
  for (const part of wordSegmenter().segment(normalized)) {
    if (!part.isWordLike) continue;
    for (const run of part.segment.matchAll(SCRIPT_RUN)) {
      const term = run[0].replace(/^[_'’]+|[_'’]+$/g, '');
      if (!term) continue;
      const start = part.index + run.index;
      out.push({ term: term.slice(0, MAX_TERM_LENGTH), start, end: start + run[0].length, lao: hasLao(term) });
    }
  }
  return out;
}

/**
 * The terms to index for one field of one document, each with how often it occurs: every word,
 * and every run of 2–3 adjacent Lao words written together.
 */
export function indexTerms(source: string): Map<string, number> {
  const { text } = normalizeForSearch(source.normalize('NFC'));
  const words = segmentWords(text);
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  words.forEach((word, i) => {
    add(word.term);
    if (!word.lao) return;
    let glued = word.term;
    for (let n = 1; n < SHINGLE_MAX_WORDS; n += 1) {
      const next = words[i + n];
      const prev = words[i + n - 1]!;
      if (!next || !next.lao || next.start !== prev.end) break;
      glued += next.term;
      if (glued.length > MAX_TERM_LENGTH) break;
      add(glued);
    }
  });
  return counts;
}

export interface QueryTerm {
  term: string;
  /** also matches indexed terms that start with it (the word being typed) */
  prefix: boolean;
  /** also matches indexed terms that contain it (Lao, where word boundaries are uncertain) */
  contains: boolean;
}

/** The words of a search query, with how each may match. */
export function queryTerms(query: string): QueryTerm[] {
  const { text } = normalizeForSearch(query.normalize('NFC'));
  const words = segmentWords(text);
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  words.forEach((word, i) => {
    if (seen.has(word.term) || out.length >= MAX_QUERY_TERMS) return;
    seen.add(word.term);
    const last = i === words.length - 1 && word.end === text.length;
    out.push({ term: word.term, prefix: last, contains: word.lao });
  });
  return out;
}

/** How well an indexed term answers a query term: 1 equal, 0.6 prefix, 0.4 contained, 0 not at all. */
export function matchQuality(q: QueryTerm, term: string): number {
  if (term === q.term) return 1;
  if ((q.prefix || q.contains) && term.startsWith(q.term)) return 0.6;
  if (q.contains && term.includes(q.term)) return 0.4;
  return 0;
}

export interface TermHit {
  doc: string;
  term: string;
  /** weight of the field the term is in (title 3, summary 2, body 1) */
  weight: number;
  /** occurrences of the term in that field */
  count: number;
}

export interface RankedDoc {
  doc: string;
  score: number;
  /** how many of the query's terms the document matched */
  matched: number;
}

/**
 * Ranks documents by weighted term hits. For each query term, a document scores its best hit:
 * quality × field weight × (1 + log count), summed over the query's terms. Documents that match
 * every query term come first (if there are any, only they are returned), then by score.
 */
export function rankDocuments(query: QueryTerm[], hits: TermHit[]): RankedDoc[] {
  const best = new Map<string, number[]>();
  for (const hit of hits) {
    let scores = best.get(hit.doc);
    if (!scores) best.set(hit.doc, (scores = query.map(() => 0)));
    query.forEach((q, i) => {
      const quality = matchQuality(q, hit.term);
      if (quality === 0) return;
      const score = quality * hit.weight * (1 + Math.log(Math.max(1, hit.count)));
      if (score > scores[i]!) scores[i] = score;
    });
  }
  const ranked: RankedDoc[] = [];
  for (const [doc, scores] of best) {
    const matched = scores.filter((s) => s > 0).length;
    if (matched > 0) ranked.push({ doc, score: scores.reduce((a, b) => a + b, 0), matched });
  }
  const all = ranked.some((r) => r.matched === query.length);
  return ranked
    .filter((r) => !all || r.matched === query.length)
    .sort((a, b) => b.matched - a.matched || b.score - a.score || (a.doc < b.doc ? -1 : 1));
}

export interface SnippetPart {
  text: string;
  hit: boolean;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch) && !LAO_CHAR.test(ch);

/** Where the query's terms occur in `source` (ranges in `source`, merged, in order). */
export function findMatches(source: string, query: QueryTerm[]): Array<[number, number]> {
  const nfc = source.normalize('NFC');
  const { text, map } = normalizeForSearch(nfc);
  const ranges: Array<[number, number]> = [];
  for (const q of query) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(q.term, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + q.term.length;
      if (!q.contains) {
        // A Latin word matches at a word start, and whole unless it is the word being typed.
        if (isWordChar(text[at - 1])) continue;
        if (!q.prefix && isWordChar(text[end])) continue;
      }
      const srcStart = map[at]!;
      const srcEnd = end < map.length ? map[end]! : nfc.length;
      ranges.push([srcStart, srcEnd]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * A short extract of `source` around the first match, cut into plain and highlighted parts
 * (plain data, so no markup from the content can get into the page).
 */
export function highlightSnippet(source: string, query: QueryTerm[], maxLength = 180): SnippetPart[] {
  const text = source.normalize('NFC').replace(/\s+/g, ' ').trim();
  const matches = findMatches(text, query);
  let start = 0;
  if (matches.length > 0 && text.length > maxLength) {
    start = Math.max(0, matches[0]![0] - Math.floor(maxLength / 4));
    const space = text.lastIndexOf(' ', start);
    if (space > 0 && start - space < 20) start = space + 1;
  }
  let end = Math.min(text.length, start + maxLength);
  if (end < text.length) {
    const space = text.indexOf(' ', end);
    if (space > 0 && space - end < 20) end = space;
  }
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '…', hit: false });
  let at = start;
  for (const [s, e] of matches) {
    if (e <= start || s >= end) continue;
    const from = Math.max(s, start);
    const to = Math.min(e, end);
    if (from > at) parts.push({ text: text.slice(at, from), hit: false });
    parts.push({ text: text.slice(from, to), hit: true });
    at = to;
  }
  if (at < end) parts.push({ text: text.slice(at, end), hit: false });
  if (end < text.length) parts.push({ text: '…', hit: false });
  return parts;
}

// ---- substring index (docs/decisions/100) -------------------------------------------------------
//
// The databases index every three-character sequence of a document's "match text" (SQLite FTS5
// `trigram`, PostgreSQL pg_trgm) and a query becomes a few substring patterns. Word boundaries of
// Latin text and digits are kept as single spaces, so an English word can be matched whole (" tax ")
// or at its start (" tax", the word being typed) instead of inside another word ("syntax").

/** Shortest pattern a trigram index can answer. */
export const MIN_PATTERN_LENGTH = 3;

const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/gu;
const SCRIPT_EDGE = /([\u0E80-\u0EFF])(?=[^\u0E80-\u0EFF\s])|([^\u0E80-\u0EFF\s])(?=[\u0E80-\u0EFF])/g;

/**
 * The text a field is matched on: normalised (as `normalizeSearchText`), everything that is not a
 * letter, mark or digit made a space, a space where Lao meets another script, one space on each
 * side; then the Lao words shorter than three characters (ICU's segmentation), each between
 * spaces, so that a one- or two-character Lao query can be matched as a whole word.
 */
export function matchText(source: string): string {
  const text = normalizeSearchText(source).replace(NOT_WORD, ' ').replace(SCRIPT_EDGE, '$1$2 ').replace(/\s+/g, ' ').trim();
  if (!text) return '';
  // Only runs of Lao are segmented (ICU's segmentation is most of the cost of indexing a document, and
  // a space is always a word boundary, so a run segmented alone gives the words it has in the text).
  const short = new Set<string>();
  for (const run of text.split(' ')) {
    if (!hasLao(run)) continue;
    for (const w of segmentWords(run)) if (w.lao && w.term.length < MIN_PATTERN_LENGTH) short.add(w.term);
  }
  return ` ${text} ${[...short].map((w) => `${w} `).join('')}`;
}

export interface SearchPattern {
  /** a substring of the match text (spaces included); at least MIN_PATTERN_LENGTH characters */
  pattern: string;
  /** the same as a query term, for highlighting snippets */
  term: QueryTerm;
}

/**
 * The substring patterns of a query, every one of which a document must contain. A Latin word or
 * number is matched whole (" word "), the last one also as a prefix (" wor"). A run of Lao is cut into
 * ICU's words and each word is matched anywhere (Lao word boundaries are uncertain, decision 015); a
 * word of one or two characters is glued to its neighbour, and a run that is that short on its own
 * is matched as a whole word (" ປີ "). At most MAX_QUERY_TERMS patterns.
 */
export function searchPatterns(query: string): SearchPattern[] {
  const text = normalizeSearchText(query).replace(NOT_WORD, ' ').replace(SCRIPT_EDGE, '$1$2 ').replace(/\s+/g, ' ').trim();
  const out: SearchPattern[] = [];
  const seen = new Set<string>();
  const push = (pattern: string, term: QueryTerm) => {
    if (seen.has(pattern) || out.length >= MAX_QUERY_TERMS) return;
    seen.add(pattern);
    out.push({ pattern, term });
  };
  const runs = text.split(' ').filter(Boolean);
  runs.forEach((run, i) => {
    const last = i === runs.length - 1 && !/\s$/.test(query);
    if (!hasLao(run)) {
      const word = run.slice(0, MAX_TERM_LENGTH);
      const prefix = last && word.length + 1 >= MIN_PATTERN_LENGTH;
      push(prefix ? ` ${word}` : ` ${word} `, { term: word, prefix, contains: false });
      return;
    }
    if (run.length < MIN_PATTERN_LENGTH) {
      push(` ${run} `, { term: run, prefix: false, contains: true });
      return;
    }
    const pieces: string[] = [];
    for (const w of segmentWords(run)) {
      const prev = pieces.length - 1;
      if (prev >= 0 && (w.term.length < MIN_PATTERN_LENGTH || pieces[prev]!.length < MIN_PATTERN_LENGTH)) pieces[prev] += w.term;
      else pieces.push(w.term);
    }
    for (const piece of pieces) push(piece.slice(0, MAX_TERM_LENGTH), { term: piece.slice(0, MAX_TERM_LENGTH), prefix: false, contains: true });
  });
  return out;
}

import { describe, expect, it } from 'vitest';
import {
  matchText,
  searchPatterns,
  highlightSnippet,
  indexTerms,
  matchQuality,
  normalizeSearchText,
  queryTerms,
  rankDocuments,
  segmentWords,
  type TermHit,
} from './search-text';

describe('normalizeSearchText', () => {
  it.each([
    ['Hello WORLD', 'hello world'],
    ['Café résumé', 'cafe resume'],
    ['ປະຈໍາປີ', 'ປະຈຳປີ'], // ໍ + າ typed as two characters
    ['ຂະຫນາດ', 'ຂະໜາດ'],
    ['ກົດຫມາຍ', 'ກົດໝາຍ'],
    ['ບັນ\u200Bຊີ', 'ບັນຊີ'], // zero-width space
    ['ÀB Ωmega Zulu', 'ab ωmega zulu'], // beside the ASCII and Lao shortcut: accents dropped, Greek lower-cased
  ])('%s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe('segmentWords', () => {
  it('splits unspaced Lao into dictionary words and keeps English words', () => {
    const terms = segmentWords(normalizeSearchText('ວິສາຫະກິດຂະໜາດນ້ອຍຕ້ອງຍື່ນລາຍງານ Annual Report 2023')).map((w) => w.term);
    expect(terms).toEqual(expect.arrayContaining(['ວິສາຫະກິດ', 'ຂະໜາດ', 'ນ້ອຍ', 'ຍື່ນ', 'annual', 'report', '2023']));
  });

  it('separates digits glued to Lao words', () => {
    expect(segmentWords(normalizeSearchText('ວັນທີ31ມີນາ')).map((w) => w.term)).toEqual(['ວັນທີ', '31', 'ມີນາ']);
  });
});

describe('indexTerms', () => {
  it('adds runs of adjacent Lao words so a word split differently is still inside a term', () => {
    const terms = [...indexTerms('ມາດຕະຖານການລາຍງານທາງການເງິນ').keys()];
    // ICU splits this as …|ການລາຍ|ງານ|ທາງການ|ເງິນ; the glued runs still contain ລາຍງານ and ການເງິນ.
    expect(terms.some((t) => t.includes('ລາຍງານ'))).toBe(true);
    expect(terms.some((t) => t.includes('ການເງິນ'))).toBe(true);
  });

  it('does not glue words across a space', () => {
    const terms = [...indexTerms('ບັນຊີ ເອກະສານ').keys()];
    expect(terms).toEqual(['ບັນຊີ', 'ເອກະສານ']);
  });

  it('counts repeated words', () => {
    expect(indexTerms('tax tax Tax').get('tax')).toBe(3);
  });
});

describe('queryTerms and matchQuality', () => {
  it('marks the last word as a prefix and Lao words as substrings', () => {
    expect(queryTerms('annual rep')).toEqual([
      { term: 'annual', prefix: false, contains: false },
      { term: 'rep', prefix: true, contains: false },
    ]);
    expect(queryTerms('annual rep ')[1]!.prefix).toBe(false);
    expect(queryTerms('ເງິນ')).toEqual([{ term: 'ເງິນ', prefix: true, contains: true }]);
  });

  it.each([
    ['report', 'report', 1],
    ['rep', 'report', 0.6],
    ['port', 'report', 0],
    ['ເງິນ', 'ການເງິນ', 0.4],
    ['ການ', 'ການເງິນ', 0.6],
  ])('%s in %s → %d', (query, term, quality) => {
    const q = queryTerms(query)[0]!;
    expect(matchQuality(q, term)).toBe(quality);
  });
});

describe('rankDocuments', () => {
  const q = queryTerms('annual report');
  const hit = (doc: string, term: string, weight = 1, count = 1): TermHit => ({ doc, term, weight, count });

  it('puts documents matching every term first and drops partial ones', () => {
    const ranked = rankDocuments(q, [hit('a', 'annual'), hit('b', 'annual', 3), hit('b', 'report'), hit('c', 'report', 3)]);
    expect(ranked.map((r) => r.doc)).toEqual(['b']);
  });

  it('falls back to partial matches when nothing matches every term', () => {
    const ranked = rankDocuments(q, [hit('a', 'annual'), hit('c', 'report', 3)]);
    expect(ranked.map((r) => r.doc)).toEqual(['c', 'a']);
  });

  it('weights title hits over body hits', () => {
    const ranked = rankDocuments(queryTerms('tax'), [hit('body', 'tax', 1, 2), hit('title', 'tax', 3, 1)]);
    expect(ranked.map((r) => r.doc)).toEqual(['title', 'body']);
  });
});

describe('highlightSnippet', () => {
  it('highlights a Lao word inside unspaced text', () => {
    const parts = highlightSnippet('ກະຊວງການເງິນແຈ້ງການ', queryTerms('ການເງິນ'));
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['ການເງິນ']);
    expect(parts.map((p) => p.text).join('')).toBe('ກະຊວງການເງິນແຈ້ງການ');
  });

  it('highlights English words at word starts in the original case', () => {
    const parts = highlightSnippet('The Annual report and a reporter', queryTerms('report'));
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['report', 'report']);
    const exact = highlightSnippet('The Annual report and a reporter', queryTerms('report '));
    expect(exact.filter((p) => p.hit).map((p) => p.text)).toEqual(['report']);
  });

  it('maps highlights back through spelling variants', () => {
    const parts = highlightSnippet('ລາຍງານປະຈໍາປີ', queryTerms('ປະຈຳປີ'));
    expect(parts.find((p) => p.hit)?.text).toBe('ປະຈໍາປີ');
  });

  it('cuts long text around the first match', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`;
    const parts = highlightSnippet(text, queryTerms('needle'), 80);
    expect(parts[0]!.text).toBe('…');
    expect(parts.some((p) => p.hit && p.text === 'needle')).toBe(true);
    expect(parts.map((p) => p.text).join('').length).toBeLessThan(120);
  });
});

describe('matchText and searchPatterns (the substring index, decision 100)', () => {
  it.each([
    ['ວັນທີ31ມີນາ', ' ວັນທີ 31 ມີນາ '],
    ['Financial Statements (2023)!', ' financial statements 2023 '],
    ['ປະຈໍາປີ', ' ປະຈຳປີ '],
    ['ປີ 2024 ເລີ່ມແລ້ວ', ' ປີ 2024 ເລີ່ມແລ້ວ ປີ '],
    ['Report ໃນປີ 2024 ປີ', ' report ໃນປີ 2024 ປີ ໃນ ປີ '], // short Lao words from every Lao run, once each
    ['', ''],
  ])('matchText(%j) is %j', (source, expected) => {
    expect(matchText(source)).toBe(expected);
  });

  it.each([
    ['financial statements', [' financial ', ' statements']],
    ['Enterpr', [' enterpr']],
    ['tax ', [' tax ']],
    ['ປະຈໍາປີ', ['ປະຈຳປີ']],
    ['ນັກບັນຊີ', ['ນັກ', 'ບັນຊີ']],
    ['ປີ', [' ປີ ']],
    ['a', [' a ']],
    ['ລາຍງານການເງິນ 2023', ['ລາຍງານ', 'ການເງິນ', ' 2023']],
    ['%_\\', []],
  ])('searchPatterns(%j) is %j', (query, expected) => {
    const patterns = searchPatterns(query).map((p) => p.pattern);
    expect(patterns).toEqual(expected);
    expect(patterns.every((p) => p.length >= 3)).toBe(true);
  });
});

const segmenters = new Map<string, Intl.Segmenter>();

/**
 * Words said twice in a row ("ບໍລິການບັນຊີ ບັນຊີ" → ['ບັນຊີ']): Lao has no spaces between words, so the
 * words are cut by Intl.Segmenter (ICU's Lao dictionary), Latin ones by spaces alike. Case is ignored.
 */
export function doubledWords(text: string, locale = 'lo'): string[] {
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'word' })));
  const out: string[] = [];
  for (const line of text.split('\n')) {
    let last: string | null = null;
    for (const part of segmenter.segment(line)) {
      if (!part.isWordLike) {
        // Punctuation between two words ("ບັນຊີ · ບັນຊີ", "x, x") separates them; spaces do not.
        if (part.segment.trim() !== '') last = null;
        continue;
      }
      const word = part.segment.toLocaleLowerCase();
      if (word === last && !/^\d+$/.test(word)) out.push(part.segment);
      last = word;
    }
  }
  return out;
}

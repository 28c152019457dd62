/**
 * Characters that change how a name is displayed without being seen: bidi marks, embeddings,
 * overrides and isolates (U+202E makes "invoice\u202Efdp.csv" read "invoicevsc.pdf"), the Arabic
 * letter mark, and zero-width spaces / word joiners / byte-order marks. ZWJ and ZWNJ stay: some
 * scripts need them between letters.
 */
const INVISIBLE = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/** A file name as the user meant it to be read: composed (NFC), without invisible formatting characters. */
export function readableFileName(name: string): string {
  return name.normalize('NFC').replace(INVISIBLE, '');
}

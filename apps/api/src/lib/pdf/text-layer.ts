/**
 * A text layer that gives back the source text (issue 12, decision 061).
 *
 * PDFKit writes one ToUnicode entry per glyph, taken from whichever text fontkit first produced that
 * glyph for. Lao breaks that: the shaper decomposes ຳ (sara am) into two glyphs, ໍ + າ, and fontkit
 * caches a glyph's code points by glyph id, so ຳ came back as "ຳາ", a real ໍ could come back as ຳ,
 * and no Lao word with ຳ could be found. Here each glyph is given the exact source text it stands
 * for, cluster by cluster:
 * - the text is cut into grapheme clusters; each cluster (or a few together, for ligatures) is shaped
 *   alone and lined up with the glyphs PDFKit laid out, glyph by glyph via the font's own cmap;
 * - a glyph that shows different text in different places (າ alone, or the second half of ຳ) gets
 *   one PDF character code per text (the subset holds the glyph twice), so ToUnicode is exact;
 * - a glyph that stands for no character of its own (the ໍ half of ຳ) is drawn as its outline, not as
 *   text, so extraction (pdftotext, pdf.js search) reads ນ້ຳ exactly and the page looks the same.
 * The kip sign ₭ is missing from the Noto Sans Lao subsets: it is drawn as K with a bar through it
 * and its text is ₭.
 * Limits: alignment `justify` and character spacing are not supported by the outline placement
 * (lib/pdf never uses them).
 */
import type PDFDocument from 'pdfkit';

interface Glyph {
  id: number;
  advanceWidth: number;
  path: { toSVG(): string };
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface FontkitFont {
  unitsPerEm: number;
  characterSet: number[];
  glyphForCodePoint(cp: number): Glyph;
  layout(text: string, features?: unknown): { glyphs: Glyph[] };
}
/** The parts of PDFKit's EmbeddedFont this module relies on (pdfkit 0.20). */
interface EmbeddedFont {
  font: FontkitFont;
  subset: { includeGlyph(id: number): number; glyphs: number[] };
  unicode: number[][];
  widths: number[];
  scale: number;
  ascender: number;
  descender: number;
  xHeight: number;
  layout(text: string, features?: unknown, onlyWidth?: boolean): { glyphs: Glyph[]; positions: Position[] };
  layoutRun(text: string, features?: unknown): unknown;
  encode(text: string, features?: unknown): [string[], Position[]];
}
interface FragmentOptions {
  align?: 'left' | 'right' | 'center' | 'justify';
  width?: number;
  lineWidth?: number;
  textWidth?: number;
  baseline?: number | string;
}
type Doc = InstanceType<typeof PDFDocument> & {
  _font: EmbeddedFont | undefined;
  _fontSize: number;
  _fragment(text: string, x: number, y: number, options: FragmentOptions): void;
};

/** What a glyph puts into the text layer: its text, or nothing (then it is drawn as an outline). */
type Piece = { text: string } | { outline: true };
type Extra = { kind: 'outline'; glyph: Glyph; dx: number; dy: number } | { kind: 'bar'; dx: number; width: number };

interface State {
  /** glyph id → the code point the font's cmap gives it */
  natural: Map<number, number>;
  /** `${gid}\u0000${text}` → the PDF character code */
  codes: Map<string, number>;
  included: Set<number>;
  shaped: Map<string, number[]>;
  pieces: Map<string, Piece[]>;
  pending: Extra[] | null;
}

const KIP = '\u20AD';
/** Characters the fonts lack, set with a stand-in glyph (and a bar drawn across it). */
const STAND_IN: Record<string, string> = { [KIP]: 'K' };
/** Characters the shaper splits into several glyphs: the last part carries the character. */
const DECOMPOSED: Record<string, string[]> = { '\u0EB3': ['\u0ECD', '\u0EB2'], '\u0E33': ['\u0E4D', '\u0E32'] };

/** Lao vowel signs and marks drawn above or below their consonant, often moved back over it. */
const LAO_MARK = /[\u0EB1\u0EB3-\u0EBC\u0EC8-\u0ECD]/;

/** A PDF text string in UTF-16BE with its byte-order mark, as a hex string. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

const states = new WeakMap<object, State>();
const graphemes = new Intl.Segmenter('lo', { granularity: 'grapheme' });

function stateOf(font: EmbeddedFont): State {
  let state = states.get(font);
  if (!state) {
    const natural = new Map<number, number>();
    for (const cp of font.font.characterSet) {
      const id = font.font.glyphForCodePoint(cp).id;
      if (!natural.has(id)) natural.set(id, cp);
    }
    state = { natural, codes: new Map(), included: new Set(), shaped: new Map(), pieces: new Map(), pending: null };
    states.set(font, state);
  }
  return state;
}

const standIn = (text: string) => text.replace(/\u20AD/g, STAND_IN[KIP]!);

function shape(font: EmbeddedFont, state: State, text: string, features: unknown): number[] {
  const key = features ? `${JSON.stringify(features)}\u0000${text}` : text;
  let ids = state.shaped.get(key);
  if (!ids) {
    ids = font.font.layout(standIn(text), features as never).glyphs.map((g) => g.id);
    state.shaped.set(key, ids);
  }
  return ids;
}

/** Lines up one shaped unit's glyphs with its characters (see the module comment). */
function alignUnit(state: State, text: string, ids: number[]): Piece[] {
  const units: { char: string; source: string; last: boolean; used: boolean }[] = [];
  for (const ch of text) {
    const parts = DECOMPOSED[ch] ?? [STAND_IN[ch] ?? ch];
    parts.forEach((part, j) => units.push({ char: part, source: ch, last: j === parts.length - 1, used: false }));
  }
  const owned: number[][] = ids.map(() => []);
  ids.forEach((id, i) => {
    const cp = state.natural.get(id);
    const ch = cp === undefined ? undefined : String.fromCodePoint(cp);
    const u = units.findIndex((unit) => !unit.used && unit.char === ch);
    if (u >= 0) {
      units[u]!.used = true;
      owned[i]!.push(u);
    }
  });
  // Ligatures and substituted glyphs take the characters left over, in order.
  const free = owned.map((o, i) => (o.length === 0 ? i : -1)).filter((i) => i >= 0);
  const left = units.map((unit, u) => (unit.used ? -1 : u)).filter((u) => u >= 0);
  left.forEach((u, k) => {
    const glyph = free.length > 0 ? free[Math.min(k, free.length - 1)]! : owned.length - 1;
    owned[glyph]!.push(u);
  });
  const texts = owned.map((us) =>
    us
      .sort((a, b) => a - b)
      .filter((u) => units[u]!.last)
      .map((u) => units[u]!.source)
      .join(''),
  );
  if (texts.join('') !== text) return ids.map((_, i) => (i === 0 ? { text } : { outline: true }));
  return texts.map((t) => (t ? { text: t } : { outline: true }));
}

/** One piece per glyph of `glyphIds` (PDFKit's layout of `text`). */
function piecesOf(font: EmbeddedFont, state: State, text: string, glyphIds: number[], features: unknown): Piece[] {
  const key = features ? `${JSON.stringify(features)}\u0000${text}` : text;
  const cached = state.pieces.get(key);
  if (cached && cached.length === glyphIds.length) return cached;
  const clusters = Array.from(graphemes.segment(text), (s) => s.segment);
  const out: Piece[] = [];
  let g = 0;
  let c = 0;
  let carry = '';
  while (c < clusters.length) {
    let matched = false;
    for (let k = 1; k <= 4 && c + k <= clusters.length; k++) {
      const unit = clusters.slice(c, c + k).join('');
      const ids = shape(font, state, unit, features);
      if (ids.every((id, i) => glyphIds[g + i] === id)) {
        if (ids.length === 0) carry += unit;
        else {
          const pieces = alignUnit(state, unit, ids);
          if (carry) {
            const first = pieces.findIndex((p) => 'text' in p);
            pieces[first] = { text: carry + (pieces[first] as { text: string }).text };
            carry = '';
          }
          out.push(...pieces);
        }
        g += ids.length;
        c += k;
        matched = true;
        break;
      }
    }
    if (!matched) {
      // Shaping across clusters that cannot be lined up: the rest of the text rides on the next glyph.
      out.push({ text: carry + clusters.slice(c).join('') });
      carry = '';
      g += 1;
      break;
    }
  }
  while (out.length < glyphIds.length) out.push({ outline: true });
  if (carry && out.length > 0) {
    const last = out.findLastIndex((p) => 'text' in p);
    if (last >= 0) out[last] = { text: (out[last] as { text: string }).text + carry };
  }
  state.pieces.set(key, out);
  return out;
}

/**
 * The PDF character code of `glyph` showing `text`, with `width` (1000-unit text space) as its width in the
 * font's /W, or the glyph's own advance.
 */
function codeFor(font: EmbeddedFont, state: State, glyph: Glyph, text: string, width?: number): number {
  const key = `${glyph.id}\u0000${text}\u0000${width ?? ''}`;
  let code = state.codes.get(key);
  if (code !== undefined) return code;
  if (!state.included.has(glyph.id)) {
    code = font.subset.includeGlyph(glyph.id);
    state.included.add(glyph.id);
  } else {
    // The same glyph showing other text: a second copy in the subset, with its own ToUnicode entry.
    font.subset.glyphs.push(glyph.id);
    code = font.subset.glyphs.length - 1;
  }
  font.unicode[code] = Array.from(text, (ch) => ch.codePointAt(0)!);
  font.widths[code] = width ?? glyph.advanceWidth * font.scale;
  state.codes.set(key, code);
  return code;
}

function encode(this: EmbeddedFont, text: string, features?: unknown): [string[], Position[]] {
  const state = stateOf(this);
  const { glyphs, positions } = this.layout(text, features);
  const pieces = piecesOf(
    this,
    state,
    text,
    glyphs.map((g) => g.id),
    features,
  );
  const codes: string[] = [];
  const out: Position[] = [];
  let pen = 0;
  glyphs.forEach((glyph, i) => {
    const pos = positions[i]!;
    const piece = pieces[i]!;
    if ('outline' in piece) {
      // Marks have no advance; anything else is carried by the glyph before.
      state.pending?.push({ kind: 'outline', glyph, dx: pen + pos.xOffset, dy: pos.yOffset });
      const prev = out[out.length - 1];
      if (prev) out[out.length - 1] = { ...prev, xAdvance: prev.xAdvance + pos.xAdvance };
    } else {
      if (piece.text === KIP) state.pending?.push({ kind: 'bar', dx: pen, width: pos.xAdvance });
      // A mark (no advance) drawn back over its base, e.g. ້ on ທ: as text it is as wide as the way back to
      // the pen, so a word ending in it ends where the next character starts. With its own width of 0,
      // pdftotext saw a gap as wide as the offset and read "ແທ້ :". The drawing is the same either way
      // (PDFKit places the glyph at its offset, then puts the pen back with the next Tm).
      const back = pos.xAdvance === 0 && pos.xOffset < 0 ? -pos.xOffset : undefined;
      codes.push(`0000${codeFor(this, state, glyph, piece.text, back).toString(16)}`.slice(-4));
      out.push(back === undefined ? pos : { ...pos, advanceWidth: back });
    }
    pen += pos.xAdvance;
  });
  return [codes, out];
}

/** Makes a font encode through `encode` and lay out ₭ with its stand-in (widths while wrapping too). */
function patchFont(font: EmbeddedFont): void {
  if (font.encode === encode) return;
  const layoutRun = font.layoutRun;
  font.layoutRun = function (this: EmbeddedFont, text: string, features?: unknown) {
    return layoutRun.call(this, standIn(text), features);
  };
  font.encode = encode;
}

/** Where PDFKit puts the baseline of a fragment drawn at y (top-down coordinates). */
function baselineOf(font: EmbeddedFont, size: number, y: number, options: FragmentOptions): number {
  if (typeof options.baseline === 'number') return y - options.baseline;
  const named: Record<string, number> = {
    'svg-middle': 0.5 * font.xHeight,
    middle: 0.5 * (font.descender + font.ascender),
    'svg-central': 0.5 * (font.descender + font.ascender),
    bottom: font.descender,
    ideographic: font.descender,
    alphabetic: 0,
    mathematical: 0.5 * font.ascender,
    hanging: 0.8 * font.ascender,
    top: font.ascender,
  };
  return y + ((named[options.baseline ?? 'top'] ?? font.ascender) / 1000) * size;
}

/**
 * Installs the exact text layer on a document: every embedded font it uses (registered before or
 * after) encodes through `encode` above, and each text fragment draws its outline-only glyphs.
 */
export function installTextLayer(doc: InstanceType<typeof PDFDocument>): void {
  const d = doc as Doc;
  const fragment = d._fragment;
  d._fragment = function (this: Doc, text, x, y, options) {
    const font = this._font;
    if (!font || !('subset' in font)) return fragment.call(this, text, x, y, options);
    patchFont(font);
    const state = stateOf(font);
    state.pending = [];
    const line = `${text}`.replace(/\n/g, '');
    if (LAO_MARK.test(line)) {
      // Inside the text object, where the glyphs' coordinates are those the span is measured in.
      const addContent = this.addContent;
      this.addContent = function (this: Doc, data: string) {
        if (data === 'ET') addContent.call(this, 'EMC');
        addContent.call(this, data);
        if (data === 'BT') addContent.call(this, `/Span <</ActualText ${utf16Hex(line)}>> BDC`);
        return this;
      } as typeof addContent;
      try {
        fragment.call(this, text, x, y, options);
      } finally {
        this.addContent = addContent;
      }
    } else fragment.call(this, text, x, y, options);
    const extras = state.pending;
    state.pending = null;
    if (extras.length === 0) return;
    const size = this._fontSize;
    let left = x;
    if (options.width && options.align === 'right') left += (options.lineWidth ?? 0) - this.widthOfString(line.replace(/\s+$/, ''), options as never);
    else if (options.width && options.align === 'center') left += (options.lineWidth ?? 0) / 2 - (options.textWidth ?? 0) / 2;
    const baseline = baselineOf(font, size, y, options);
    const s = size / 1000;
    for (const extra of extras) {
      this.save();
      if (extra.kind === 'outline') {
        const k = size / font.font.unitsPerEm;
        this.transform(k, 0, 0, -k, left + extra.dx * s, baseline - extra.dy * s);
        this.path(extra.glyph.path.toSVG()).fill();
      } else {
        this.rect(left + extra.dx * s - 0.04 * size, baseline - 0.4 * size, extra.width * s + 0.02 * size, 0.075 * size).fill();
      }
      this.restore();
    }
  };
  // Fonts are patched as soon as they are chosen, so widths measured while wrapping match.
  const choose = d.font.bind(d);
  d.font = ((...args: Parameters<typeof d.font>) => {
    choose(...args);
    if (d._font && 'subset' in d._font) patchFont(d._font);
    return d;
  }) as typeof d.font;
}

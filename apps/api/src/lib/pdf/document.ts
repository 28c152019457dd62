import PDFDocument from 'pdfkit';
import { formatLak, vientianeStamp, type Language } from '@bansi/shared';
import { qrMatrix } from '../qr';
import { FACES, fontFile, fontName, monoFontFile, scriptRuns } from './fonts';
import { installTextLayer } from './text-layer';

export const PDF_COLORS = { ink: '#1a1b1e', grey: '#5c5f66', blue: '#1c6bd1', line: '#c9ccd1', shade: '#f1f3f5' } as const;

export interface PdfOptions {
  /** the document's title (metadata; shown by viewers as the window title) */
  title: string;
  /** the main language: the document's /Lang and how LAK amounts are written; default 'lo' */
  lang?: Language;
  /** the running header on every page, e.g. the provider's name (`providerHeader(config)`); null: none */
  header?: string | null;
  /** a short text beside the page number at the foot of every page */
  footer?: string;
  /** "n / total" at the foot of every page; default true */
  pageNumbers?: boolean;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  /** a fixed creation date makes the same bytes each time (the committed user guide) */
  date?: Date;
  margins?: { top: number; bottom: number; left: number; right: number };
}

export interface TextStyle {
  /** points; default 10.5 */
  size?: number;
  bold?: boolean;
  color?: string;
  /** right and center apply to text that fits on one line; longer text is set left-aligned */
  align?: 'left' | 'center' | 'right';
  /** extra space between lines in points; default 3 (room for Lao vowels and tone marks) */
  lineGap?: number;
  /** space after the text in points */
  gap?: number;
  /** where to write; default where the last text ended */
  x?: number;
  y?: number;
  /** default: to the right margin */
  width?: number;
  /** a fixed-width face (Noto Sans Mono, embedded) for ids, hashes and URLs; Latin only */
  mono?: boolean;
  /** makes the text a link */
  link?: string;
}

export interface TableColumn {
  title: string;
  /** default left; LAK columns default to right */
  align?: 'left' | 'right' | 'center';
  /** numbers in this column are LAK, written by formatLak in the table's language */
  lak?: boolean;
  /** relative width; default 1 */
  width?: number;
}
export type TableCell = string | number | null | undefined;
export interface TableSpec {
  columns: TableColumn[];
  rows: TableCell[][];
  /** a last row in bold, e.g. ['ລວມ · Total', null, 1_500_000] */
  totals?: TableCell[];
  /** the language of LAK amounts; default the document's */
  lang?: Language;
  /** points; default 9.5 */
  size?: number;
}

export interface HeadingStyle {
  /** 1 title, 2 section, 3 sub-section; default 1 */
  level?: 1 | 2 | 3;
  color?: string;
  /** add the heading to the PDF outline (bookmarks) */
  outline?: boolean;
  align?: 'left' | 'center' | 'right';
}

const HEADING_SIZES = { 1: 18, 2: 13.5, 3: 11.5 } as const;

/** The embedded fixed-width face (fonts.ts monoFontFile). */
const MONO = 'mono';

/** A document under construction; see index.ts for how to use it. */
export class PdfDocument {
  /** PDFKit itself, for drawing the builder does not offer (keep text to `text()`: it mixes Lao and Latin). */
  readonly raw: InstanceType<typeof PDFDocument>;
  readonly lang: Language;
  private readonly options: PdfOptions;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private outlineParent: ReturnType<InstanceType<typeof PDFDocument>['outline']['addItem']> | null = null;
  /** the structure tree's root; every block of content is a child, in the order it is written (reading order) */
  private readonly root: PDFKit.PDFStructureElement;
  /** > 0 while a block's content is being written into its structure element (text inside it is not a block of its own) */
  private depth = 0;

  constructor(options: PdfOptions) {
    this.options = options;
    this.lang = options.lang ?? 'lo';
    const header = options.header ?? null;
    const doc = new PDFDocument({
      size: 'A4',
      margins: options.margins ?? { top: header ? 70 : 48, bottom: 60, left: 56, right: 56 },
      bufferPages: true,
      // Tagged PDF (PDF/UA's basics): a structure tree in reading order, the title shown, the language set.
      pdfVersion: '1.7',
      tagged: true,
      lang: this.lang,
      displayTitle: true,
      info: {
        Title: options.title,
        ...(options.author ? { Author: options.author } : {}),
        ...(options.subject ? { Subject: options.subject } : {}),
        ...(options.keywords ? { Keywords: options.keywords } : {}),
        Creator: options.creator ?? 'Bansi',
        Producer: 'Bansi (PDFKit)',
        ...(options.date ? { CreationDate: options.date, ModDate: options.date } : {}),
      },
    });
    this.raw = doc;
    for (const face of FACES) doc.registerFont(face.name, fontFile(face.subset, face.weight));
    doc.registerFont(MONO, monoFontFile());
    installTextLayer(doc);
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
    doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      doc.on('error', reject);
    });
    doc.font('lao');
  }

  /** Left edge, right edge, usable width and the lowest y text may reach on the current page. */
  get left(): number {
    return this.raw.page.margins.left;
  }
  get right(): number {
    return this.raw.page.width - this.raw.page.margins.right;
  }
  get width(): number {
    return this.right - this.left;
  }
  get bottom(): number {
    return this.raw.page.height - this.raw.page.margins.bottom;
  }
  get y(): number {
    return this.raw.y;
  }
  set y(value: number) {
    this.raw.y = value;
  }

  /**
   * Writes `write` as one structure element of the tagged PDF (P, H1, Table, Figure …) under `parent`, or as an
   * artifact (running header, footer, page number, rules and shading: not read out).
   */
  tagged(type: string, write: () => void, options: { parent?: PDFKit.PDFStructureElement; alt?: string } = {}): this {
    const d = this.raw;
    if (type === 'Artifact') {
      d.markContent('Artifact', { type: 'Pagination' });
      this.depth++;
      try {
        write();
      } finally {
        this.depth--;
        d.endMarkedContent();
      }
      return this;
    }
    const element = d.struct(type, options.alt ? { alt: options.alt } : {});
    (options.parent ?? this.root).add(element);
    this.depth++;
    try {
      element.add(write);
    } finally {
      this.depth--;
    }
    element.end();
    return this;
  }

  /** Text that may mix Lao and Latin (each run in the face that has its glyphs); a paragraph of its own when written alone. */
  text(value: string, style: TextStyle = {}): this {
    if (this.depth === 0) return this.tagged('P', () => this.text(value, style));
    const d = this.raw;
    const size = style.size ?? 10.5;
    const x = style.x ?? d.x;
    const y = style.y ?? d.y;
    const width = style.width ?? this.right - x;
    const lineGap = style.lineGap ?? 3;
    const bold = style.bold ?? false;
    d.fillColor(style.color ?? PDF_COLORS.ink).fontSize(size);
    const link = style.link ? { link: style.link } : {};
    if (style.mono) {
      d.font(MONO).text(value, x, y, { width, lineGap, ...link });
    } else {
      const runs = scriptRuns(value);
      const align = style.align ?? 'left';
      const widths = align === 'left' ? [] : runs.map((r) => d.font(fontName(r.lao, bold)).widthOfString(r.text));
      const total = widths.reduce((a, b) => a + b, 0);
      if (align !== 'left' && total <= width && !value.includes('\n')) {
        let cx = align === 'right' ? x + width - total : x + (width - total) / 2;
        runs.forEach((r, i) => {
          d.font(fontName(r.lao, bold)).text(r.text, cx, y, { lineBreak: false, ...link });
          cx += widths[i]!;
        });
        d.y = y + d.currentLineHeight(true) + lineGap;
      } else {
        runs.forEach((r, i) => {
          const options = { width, lineGap, continued: i < runs.length - 1, ...link };
          d.font(fontName(r.lao, bold));
          if (i === 0) d.text(r.text, x, y, options);
          else d.text(r.text, options);
        });
      }
    }
    d.x = x;
    if (style.gap) d.y += style.gap;
    return this;
  }

  /** The height `text(value, style)` would take (an estimate for mixed scripts). */
  heightOf(value: string, style: TextStyle = {}): number {
    const d = this.raw;
    d.fontSize(style.size ?? 10.5).font(style.mono ? MONO : fontName(/[\u0E80-\u0EFF]/.test(value), style.bold ?? false));
    return d.heightOfString(value || ' ', { width: style.width ?? this.width, lineGap: style.lineGap ?? 3 });
  }

  heading(value: string, style: HeadingStyle = {}): this {
    const level = style.level ?? 1;
    this.ensureSpace(HEADING_SIZES[level] * 3);
    if (style.outline) {
      const outline = this.raw.outline;
      if (level === 1 || !this.outlineParent) this.outlineParent = outline.addItem(value);
      else this.outlineParent.addItem(value);
    }
    return this.tagged(`H${level}`, () =>
      this.text(value, {
        x: this.left,
        size: HEADING_SIZES[level],
        bold: true,
        color: style.color ?? (level === 1 ? PDF_COLORS.blue : PDF_COLORS.ink),
        gap: level === 1 ? 8 : 4,
        ...(style.align ? { align: style.align } : {}),
      }),
    );
  }

  paragraph(value: string, style: TextStyle = {}): this {
    return this.tagged('P', () => this.text(value, { x: this.left, gap: 6, ...style }));
  }

  /** Label | value rows (a receipt's facts): the label bold, an optional hint under it in grey. */
  fields(rows: { label: string; hint?: string; value: string; mono?: boolean }[], options: { labelWidth?: number } = {}): this {
    const labelWidth = options.labelWidth ?? 190;
    const valueX = this.left + labelWidth + 10;
    for (const row of rows) this.tagged('P', () => this.fieldRow(row, labelWidth, valueX));
    return this;
  }

  private fieldRow(row: { label: string; hint?: string; value: string; mono?: boolean }, labelWidth: number, valueX: number) {
    {
      this.ensureSpace(36);
      const y = this.raw.y;
      this.text(row.label, { x: this.left, y, width: labelWidth, size: 9.5, bold: true });
      if (row.hint) this.text(row.hint, { width: labelWidth, size: 8.5, color: PDF_COLORS.grey, lineGap: 1 });
      const labelEnd = this.raw.y;
      if (row.mono) this.text(row.value, { x: valueX, y: y + 1, width: this.right - valueX, size: 9, mono: true });
      else this.text(row.value, { x: valueX, y, width: this.right - valueX, size: 10.5 });
      this.raw.x = this.left;
      this.raw.y = Math.max(labelEnd, this.raw.y) + 4;
    }
  }

  /** A table with a shaded header row, LAK columns right-aligned, repeated header after a page break. */
  table(spec: TableSpec): this {
    const d = this.raw;
    const size = spec.size ?? 9.5;
    const lang = spec.lang ?? this.lang;
    const pad = 5;
    const weights = spec.columns.map((c) => c.width ?? 1);
    const sum = weights.reduce((a, b) => a + b, 0);
    const colW = weights.map((w) => (w / sum) * this.width);
    const colX = colW.map((_, i) => this.left + colW.slice(0, i).reduce((a, b) => a + b, 0));
    const align = (c: TableColumn) => c.align ?? (c.lak ? 'right' : 'left');
    const show = (v: TableCell, c: TableColumn) =>
      v === null || v === undefined ? '' : c.lak && typeof v === 'number' ? formatLak(v, lang) : String(v);

    // Tagged as a Table of TR rows with TH/TD cells; a header repeated after a page break, the shading and the
    // lines are artifacts (a screen reader reads the header once).
    const table = d.struct('Table');
    this.root.add(table);
    const row = (cells: string[], kind: 'head' | 'body' | 'total', repeated = false) => {
      const bold = kind !== 'body';
      const h = Math.max(...cells.map((t, i) => this.heightOf(t, { size, bold, width: colW[i]! - 2 * pad }))) + 2 * pad;
      if (d.y + h > this.bottom) {
        this.newPage();
        if (kind !== 'head')
          row(
            spec.columns.map((c) => c.title),
            'head',
            true,
          );
      }
      const top = d.y;
      if (kind === 'head') this.tagged('Artifact', () => d.rect(this.left, top, this.width, h).fill(PDF_COLORS.shade));
      const cell = (t: string, i: number) =>
        this.text(t, { x: colX[i]! + pad, y: top + pad, width: colW[i]! - 2 * pad, size, bold, align: align(spec.columns[i]!), lineGap: 2 });
      if (repeated) this.tagged('Artifact', () => cells.forEach(cell));
      else {
        const tr = d.struct('TR');
        table.add(tr);
        cells.forEach((t, i) => this.tagged(kind === 'head' ? 'TH' : 'TD', () => cell(t, i), { parent: tr }));
        tr.end();
      }
      this.tagged('Artifact', () =>
        d
          .moveTo(this.left, top + h)
          .lineTo(this.right, top + h)
          .lineWidth(kind === 'body' ? 0.4 : 0.8)
          .strokeColor(PDF_COLORS.line)
          .stroke(),
      );
      d.x = this.left;
      d.y = top + h;
    };
    row(
      spec.columns.map((c) => c.title),
      'head',
    );
    for (const r of spec.rows)
      row(
        spec.columns.map((c, i) => show(r[i], c)),
        'body',
      );
    if (spec.totals) {
      const totals = spec.totals;
      row(
        spec.columns.map((c, i) => show(totals[i], c)),
        'total',
      );
    }
    table.end();
    d.y += 8;
    return this;
  }

  /** A QR code drawn as vectors (sharp at any zoom). Without x/y it sits at the left and text continues below. */
  qr(text: string, options: { size?: number; x?: number; y?: number } = {}): this {
    const d = this.raw;
    const size = options.size ?? 96;
    const placed = options.x !== undefined || options.y !== undefined;
    if (!placed) this.ensureSpace(size + 8);
    const x0 = options.x ?? this.left;
    const y0 = options.y ?? d.y;
    const m = qrMatrix(text);
    const cell = size / m.size;
    this.tagged('Figure', () => this.drawQr(m, x0, y0, cell), { alt: `QR: ${text}` });
    if (!placed) d.y = y0 + size + 8;
    return this;
  }

  private drawQr(m: ReturnType<typeof qrMatrix>, x0: number, y0: number, cell: number) {
    const d = this.raw;
    d.save();
    for (let r = 0; r < m.size; r++) {
      let c = 0;
      while (c < m.size) {
        if (!m.dark(r, c)) {
          c++;
          continue;
        }
        const start = c;
        while (c < m.size && m.dark(r, c)) c++;
        d.rect(x0 + start * cell, y0 + r * cell, (c - start) * cell, cell);
      }
    }
    d.fill('#000000');
    d.restore();
  }

  /** A thin line across the page. */
  rule(gap = 8): this {
    const d = this.raw;
    d.y += gap / 2;
    this.tagged('Artifact', () => d.moveTo(this.left, d.y).lineTo(this.right, d.y).lineWidth(0.6).strokeColor(PDF_COLORS.line).stroke());
    d.y += gap / 2;
    d.x = this.left;
    return this;
  }

  space(points = 8): this {
    this.raw.y += points;
    return this;
  }

  /** Starts a new page unless `points` still fit on this one. */
  ensureSpace(points: number): this {
    if (this.raw.y + points > this.bottom) this.newPage();
    return this;
  }

  newPage(): this {
    this.raw.addPage();
    this.raw.x = this.left;
    return this;
  }

  /** Finishes the document (header, footer and page numbers on every page) and returns its bytes. */
  async toBuffer(): Promise<Buffer> {
    const d = this.raw;
    const { header, footer, pageNumbers = true } = this.options;
    const range = d.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      d.switchToPage(i);
      // Writing inside the margins: lift them while writing, or PDFKit starts a new page.
      const margins = { ...d.page.margins };
      d.page.margins.top = 0;
      d.page.margins.bottom = 0;
      // The running header, the footer and the page numbers repeat on every page: artifacts, not content.
      this.tagged('Artifact', () => {
        if (header) {
          this.text(header, { x: this.left, y: 28, size: 8.5, color: PDF_COLORS.grey, width: this.width });
          d.moveTo(this.left, 48).lineTo(this.right, 48).lineWidth(0.5).strokeColor(PDF_COLORS.line).stroke();
        }
        const y = d.page.height - 40;
        if (footer) this.text(footer, { x: this.left, y, size: 8, color: PDF_COLORS.grey, width: this.width - 60 });
        if (pageNumbers)
          this.text(`${i + 1} / ${range.count}`, { x: this.left, y, size: 8, color: PDF_COLORS.grey, width: this.width, align: 'right' });
      });
      d.page.margins.top = margins.top;
      d.page.margins.bottom = margins.bottom;
    }
    this.root.end();
    d.end();
    return this.done;
  }
}

/** A new A4 document with Noto Sans Lao and an exact text layer. */
export function createPdf(options: PdfOptions): PdfDocument {
  return new PdfDocument(options);
}

/** The running header with the provider's name from configuration, in both languages. */
export function providerHeader(config: { PROVIDER_NAME_LO: string; PROVIDER_NAME_EN: string }): string {
  return `${config.PROVIDER_NAME_LO} · ${config.PROVIDER_NAME_EN}`;
}

/** A LAK amount as the PDF writes it (the one formatter, packages/shared formatLak). */
export function lak(amount: number, lng: Language): string {
  return formatLak(amount, lng);
}

/** 2024-03-05T02:30:00Z → "2024-03-05 09:30 (UTC+7)": the time in Vientiane, the same in both languages. */
export function vientianeDateTime(iso: string): string {
  return `${vientianeStamp(iso)} (UTC+7)`;
}

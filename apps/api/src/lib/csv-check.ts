/**
 * Is this text a CSV file (RFC 4180), and nothing that a browser or a spreadsheet would run?
 * Fed decoded text in pieces (streaming); `finish()` says whether the whole text was:
 * - well-formed: quotes only around whole fields, `""` inside them, a closed quote followed by a
 *   delimiter or a line end, no open quote at the end;
 * - a table: every non-blank record has as many fields as the first (delimiter `,`, `;` or tab,
 *   whichever the first record uses outside quotes);
 * - not markup or script: no tag (`<a`, `</`, `<!`, `<?` — HTML, SVG, XML) and no JavaScript
 *   statement shapes (`function`, `=>`, `var|let|const x`, `alert(`, `document.`, a line ending in
 *   `{`, `}` or a `;` that is not the delimiter). Decision 052.
 */
export class CsvCheck {
  private ok = true;
  private delimiter: string | null = null;
  private firstRecord = true;
  private expected = -1;
  private fields = 1;
  private recordEmpty = true;
  /** 'start' of a field, 'plain' inside an unquoted one, 'quoted', 'quote' just after a quote inside a quoted one */
  private state: 'start' | 'plain' | 'quoted' | 'quote' = 'start';
  /** text seen ahead of the current piece, so patterns split across pieces are still found */
  private tail = '';
  /** the current line's last non-space character outside quotes */
  private lineEnd = '';

  /** False as soon as the text can no longer be a CSV file. */
  possible(): boolean {
    return this.ok;
  }

  update(text: string): void {
    if (!this.ok) return;
    const scan = this.tail + text;
    if (MARKUP.test(scan) || SCRIPT.test(scan)) {
      this.ok = false;
      return;
    }
    this.tail = scan.slice(-32);
    for (const ch of text) {
      if (!this.step(ch)) {
        this.ok = false;
        return;
      }
    }
  }

  private step(ch: string): boolean {
    switch (this.state) {
      case 'quoted':
        if (ch === '"') this.state = 'quote';
        return true;
      case 'quote':
        if (ch === '"') {
          this.state = 'quoted';
          return true;
        }
        this.state = 'plain';
        // after a closing quote only a delimiter or a line end may come
        if (ch !== '\r' && ch !== '\n' && !this.isDelimiter(ch)) return false;
        return this.plain(ch, true);
      case 'start':
        if (ch === '"') {
          this.state = 'quoted';
          this.recordEmpty = false;
          return true;
        }
        this.state = 'plain';
        return this.plain(ch, false);
      case 'plain':
        if (ch === '"') return false;
        return this.plain(ch, false);
    }
  }

  private isDelimiter(ch: string): boolean {
    if (this.delimiter) return ch === this.delimiter;
    if (this.firstRecord && (ch === ',' || ch === ';' || ch === '\t')) {
      this.delimiter = ch;
      return true;
    }
    return false;
  }

  private plain(ch: string, afterQuote: boolean): boolean {
    if (ch === '\r') return true;
    if (ch === '\n') return this.endRecord();
    if (this.isDelimiter(ch)) {
      this.fields += 1;
      this.recordEmpty = false;
      this.state = 'start';
      this.lineEnd = ch;
      return true;
    }
    if (ch.trim() !== '') {
      this.recordEmpty = false;
      if (!afterQuote) this.lineEnd = ch;
    }
    return true;
  }

  private endRecord(): boolean {
    const end = this.lineEnd;
    this.lineEnd = '';
    this.state = 'start';
    if (this.recordEmpty) {
      this.fields = 1;
      return true;
    }
    if ((end === '{' || end === '}' || end === ';') && end !== this.delimiter) return false;
    if (this.firstRecord) {
      this.expected = this.fields;
      this.firstRecord = false;
    } else if (this.fields !== this.expected) return false;
    this.fields = 1;
    this.recordEmpty = true;
    return true;
  }

  finish(): boolean {
    if (!this.ok) return false;
    if (this.state === 'quoted') return false;
    if (this.state !== 'start' || !this.recordEmpty) {
      if (this.state === 'quote') this.state = 'plain';
      if (!this.endRecord()) return false;
    }
    // at least one record with something in it
    return !this.firstRecord;
  }
}

const MARKUP = /<[A-Za-z!?/]/;
const SCRIPT = /\bfunction\b|=>|\b(?:var|let|const)\s+[A-Za-z_$]|\b(?:alert|eval|fetch|require|import)\s*\(|\b(?:document|window)\s*\./;

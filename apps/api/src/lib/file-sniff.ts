import type { FileHandle } from 'node:fs/promises';
import type { FileKind } from '@bansi/shared';
import { CsvCheck } from './csv-check';

/**
 * What a file is, judged by its bytes (DESIGN §6: "checked by content against an allow-list").
 * PDF, JPEG and PNG by their signatures; XLSX and DOCX are zip containers told apart by their
 * entries (`[Content_Types].xml` plus `xl/…` or `word/…`); CSV is text: valid UTF-8, no NUL byte,
 * a well-formed table and no markup or script (csv-check.ts).
 */
const SIGNATURES: { kind: 'pdf' | 'jpeg' | 'png' | 'zip'; bytes: Buffer }[] = [
  { kind: 'pdf', bytes: Buffer.from('%PDF-', 'latin1') },
  { kind: 'jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { kind: 'png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { kind: 'zip', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04]) },
];
const HEAD_BYTES = 8;

type Signature = (typeof SIGNATURES)[number]['kind'];

/** Fed every chunk of a file in order; says early when the file cannot be an allowed kind. */
export class ContentSniffer {
  private head = Buffer.alloc(0);
  private signature: Signature | null | undefined; // undefined: not enough bytes yet
  private text: boolean;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly csv = new CsvCheck();
  private size = 0;

  constructor(private readonly allowed: readonly FileKind[]) {
    this.text = allowed.includes('csv');
  }

  update(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.signature === undefined) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (this.head.length >= HEAD_BYTES) this.signature = matchSignature(this.head);
    }
    // Text is checked only while it can still be the answer (no binary signature matched).
    if (this.text && !this.signature) {
      if (chunk.includes(0)) this.text = false;
      else {
        try {
          this.csv.update(this.decoder.decode(chunk, { stream: true }));
          if (!this.csv.possible()) this.text = false;
        } catch {
          this.text = false;
        }
      }
    }
  }

  /** False as soon as no allowed kind can match any more (the caller stops reading: 415). */
  possible(): boolean {
    const sig = this.signature === undefined ? matchPartial(this.head) : this.signature ? [this.signature] : [];
    if (sig.some((s) => (s === 'zip' ? this.allowed.includes('xlsx') || this.allowed.includes('docx') : this.allowed.includes(s)))) return true;
    return this.text && !this.signature;
  }

  /**
   * The kind, once every byte was seen; `zip` needs the finished file to read its entries.
   * Null when it is none of the allowed kinds.
   */
  async finish(file: FileHandle | null): Promise<FileKind | null> {
    const signature = this.signature === undefined ? matchSignature(this.head) : this.signature;
    let kind: FileKind | null = null;
    if (signature === 'zip') kind = file ? await officeKind(file) : null;
    else if (signature) kind = signature;
    else if (this.text && this.size > 0) {
      try {
        this.csv.update(this.decoder.decode()); // a truncated multi-byte sequence at the end is not UTF-8
        kind = this.csv.finish() ? 'csv' : null;
      } catch {
        kind = null;
      }
    }
    return kind && this.allowed.includes(kind) ? kind : null;
  }
}

function matchSignature(head: Buffer): Signature | null {
  for (const s of SIGNATURES) if (head.length >= s.bytes.length && head.subarray(0, s.bytes.length).equals(s.bytes)) return s.kind;
  return null;
}

/** Signatures the bytes seen so far (fewer than HEAD_BYTES) may still become. */
function matchPartial(head: Buffer): Signature[] {
  return SIGNATURES.filter((s) => {
    const n = Math.min(head.length, s.bytes.length);
    return head.subarray(0, n).equals(s.bytes.subarray(0, n));
  }).map((s) => s.kind);
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
/** Office documents have a small central directory; a huge one is not worth reading. */
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;

/** XLSX or DOCX by the zip's central directory, or null for any other (or broken) zip. */
export async function officeKind(file: FileHandle): Promise<'xlsx' | 'docx' | null> {
  const names = await zipEntryNames(file);
  if (!names || !names.has('[Content_Types].xml')) return null;
  let xl = false;
  let word = false;
  for (const n of names) {
    if (n.startsWith('xl/')) xl = true;
    else if (n.startsWith('word/')) word = true;
  }
  if (xl === word) return null;
  return xl ? 'xlsx' : 'docx';
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The entry names of a zip file (ZIP64 included), or null when it is not a readable zip. */
export async function zipEntryNames(file: FileHandle): Promise<Set<string> | null> {
  const { size } = await file.stat();
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(file, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let entries = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || tail.readUInt32LE(loc) !== ZIP64_LOCATOR) return null;
    const record = await readAt(file, Number(tail.readBigUInt64LE(loc + 8)), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) return null;
    entries = Number(record.readBigUInt64LE(32));
    cdSize = Number(record.readBigUInt64LE(40));
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > size) return null;
  const cd = await readAt(file, cdOffset, cdSize);
  const names = new Set<string>();
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL_HEADER) return null;
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    if (p + 46 + nameLength > cd.length) return null;
    names.add(cd.toString('utf8', p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** Small files of every accepted kind (and some impostors), built in memory for upload tests. */

export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export function pdfBytes(bodySize = 2048): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, bodySize - head.length - tail.length)), tail]);
}
export const pngBytes = (n = 512) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(n)]);
export const jpegBytes = (n = 512) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(n)]);
/** A Windows executable: what must never get in. */
export const exeBytes = (n = 512) => Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(n)]);
export const csvBytes = () => Buffer.from('ລະຫັດ,ຊື່,ຈຳນວນ (ກີບ)\n1,ບໍລິສັດ ທົດລອງ,1000000\n2,Test Co.,2500000\n', 'utf8');

/** A zip with stored (uncompressed) entries; `zip64` writes the ZIP64 end records too. */
export function zipBytes(entries: Record<string, string | Buffer>, { zip64 = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    locals.push(local, nameBuf, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const count = Object.keys(entries).length;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cd.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? 0xffff : count, 8);
  eocd.writeUInt16LE(zip64 ? 0xffff : count, 10);
  eocd.writeUInt32LE(zip64 ? 0xffffffff : cd.length, 12);
  eocd.writeUInt32LE(zip64 ? 0xffffffff : offset, 16);
  return Buffer.concat([...locals, cd, ...tail, eocd]);
}

const contentTypes = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
export const xlsxBytes = (opts?: { zip64?: boolean }) =>
  zipBytes(
    {
      '[Content_Types].xml': contentTypes,
      '_rels/.rels': '<Relationships/>',
      'xl/workbook.xml': '<workbook/>',
      'xl/worksheets/sheet1.xml': '<worksheet/>',
    },
    opts,
  );
export const docxBytes = () =>
  zipBytes({ '[Content_Types].xml': contentTypes, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<document/>' });
/** A zip that is neither (e.g. a packed folder) — and one that pretends to be both. */
export const plainZipBytes = () => zipBytes({ 'readme.txt': 'hello', 'data/a.bin': randomBytes(64) });
export const ambiguousZipBytes = () =>
  zipBytes({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>', 'word/document.xml': '<document/>' });

/** A stream of `data` cut into chunks of `chunkSize` (to cross chunk boundaries on purpose). */
export function chunked(data: Buffer, chunkSize: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunkSize) yield data.subarray(i, i + chunkSize);
    })(),
  );
}

/**
 * An endless stream that starts with `head` and then repeats `filler`; counts what was pulled
 * from it, so a test can prove the reader stopped early.
 */
export function endless(head: Buffer, filler: Buffer = Buffer.alloc(64 * 1024, 0x41)) {
  const counter = { pulled: 0 };
  const stream = Readable.from(
    (function* () {
      counter.pulled += head.length;
      yield head;
      for (;;) {
        counter.pulled += filler.length;
        yield filler;
      }
    })(),
  );
  return { stream, counter };
}

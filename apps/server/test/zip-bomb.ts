import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { sheetOf } from './sheet.ts';

/** One part of a zip as written: its packed bytes, and the size its headers declare (a lie when it differs). */
export interface ZipPart {
  name: string;
  method: 0 | 8;
  packed: Buffer;
  crc: number;
  /** The unpacked size written into both headers. */
  size: number;
  /** Written as a local entry but left out of the central directory. */
  unlisted?: boolean;
}

const SHEET = 'xl/worksheets/sheet1.xml';
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * A worksheet of `fill` bytes of blanks between its tags, deflated at level 9 as a stream from one reused 1 MB
 * block: the test holds only the packed bytes (about a thousandth), never the unpacked sheet.
 */
export async function blankSheet(fill: number): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  let crc = crc32(SHEET_HEAD);
  deflate.write(SHEET_HEAD);
  for (let left = fill; left > 0; left -= block.length) {
    const part = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  crc = crc32(SHEET_TAIL, crc);
  deflate.end(SHEET_TAIL);
  await ended;
  const size = Buffer.byteLength(SHEET_HEAD) + fill + Buffer.byteLength(SHEET_TAIL);
  return { name: SHEET, method: 8, packed: Buffer.concat(out), crc, size };
}

/** The parts of a real workbook of `rows`, as exceljs writes it, each deflated again by the test. */
export async function workbookParts(rows: unknown[][]): Promise<ZipPart[]> {
  const zip = await JSZip.loadAsync(await sheetOf(rows));
  const parts: ZipPart[] = [];
  for (const file of Object.values(zip.files)) {
    if (!file.dir) {
      const data = await file.async('nodebuffer');
      parts.push({
        name: file.name,
        method: 8,
        packed: deflateRawSync(data),
        crc: crc32(data),
        size: data.length,
      });
    }
  }
  return parts;
}

/** The workbook's parts with its first sheet replaced by `sheet`. */
export function withSheet(parts: ZipPart[], sheet: ZipPart): ZipPart[] {
  return parts.map((p) => (p.name === SHEET ? sheet : p));
}

/** A zip of `parts` in order, with headers exactly as the parts say (sizes included, lies included). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, part.packed);
    if (!part.unlisted) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(part.method, 10);
      central.writeUInt32LE(part.crc >>> 0, 16);
      central.writeUInt32LE(part.packed.length, 20);
      central.writeUInt32LE(part.size, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
    }
    offset += local.length + name.length + part.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  const listed = parts.filter((p) => !p.unlisted).length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An empty stored part: many of them make a zip with too many parts. */
export function emptyPart(i: number): ZipPart {
  return { name: `x/${i}`, method: 0, packed: Buffer.alloc(0), crc: 0, size: 0 };
}

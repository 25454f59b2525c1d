import { createInflateRaw } from 'node:zlib';
import type { MessageKey } from '@yuan/contract';
import { AppError } from './errors.ts';

/** At most this many bytes once every part of an .xlsx is unpacked (declared and actually inflated). */
export const MAX_XLSX_INFLATED = 200 * 1024 * 1024;
/** A part may unpack to at most this many times its packed size (once it is past the grace size below). */
export const MAX_XLSX_RATIO = 100;
/** Parts smaller than this escape the ratio rule: small, repetitive XML (styles, an empty sheet) packs very well. */
export const XLSX_RATIO_GRACE = 100 * 1024;
/** At most this many parts (a workbook holds a few dozen; thousands only cost time to list). */
export const MAX_XLSX_ENTRIES = 5_000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const ZIP64_MARK = 0xffffffff;
/** A data descriptor after the packed bytes: crc and two sizes, 4 or 8 bytes each, with or without its signature. */
const DESCRIPTOR_SIZES = [12, 16, 20, 24];
const INFLATE_CHUNK = 64 * 1024;

interface Entry {
  name: Buffer;
  flags: number;
  method: number;
  packed: number;
  size: number;
  offset: number;
}

class Unreadable extends Error {}

const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);
const tooLarge = () => new AppError(400, 'xlsx.tooLarge', { limit: MB(MAX_XLSX_INFLATED) });

function endRecord(file: Buffer) {
  const lowest = Math.max(0, file.length - EOCD_SIZE - 0xffff);
  for (let at = file.length - EOCD_SIZE; at >= lowest; at--) {
    if (file.readUInt32LE(at) === EOCD && at + EOCD_SIZE + file.readUInt16LE(at + 20) === file.length) {
      return {
        disks: file.readUInt16LE(at + 4) | file.readUInt16LE(at + 6),
        onDisk: file.readUInt16LE(at + 8),
        count: file.readUInt16LE(at + 10),
        size: file.readUInt32LE(at + 12),
        offset: file.readUInt32LE(at + 16),
        at,
      };
    }
  }
  throw new Unreadable('no end of central directory');
}

/** The central directory, with every declared size and ratio checked before a byte is inflated. */
function directory(file: Buffer): { entries: Entry[]; end: number } {
  const eocd = endRecord(file);
  if (eocd.count > MAX_XLSX_ENTRIES) {
    throw new AppError(400, 'xlsx.entries', { max: MAX_XLSX_ENTRIES });
  }
  // Split archives and zip64 (only needed past 4 GB or 65,535 parts) are not workbooks anyone uploads.
  if (eocd.disks !== 0 || eocd.onDisk !== eocd.count || eocd.offset + eocd.size !== eocd.at) {
    throw new Unreadable('central directory');
  }
  const entries: Entry[] = [];
  let total = 0;
  let at = eocd.offset;
  for (let i = 0; i < eocd.count; i++) {
    if (at + CENTRAL_SIZE > eocd.at || file.readUInt32LE(at) !== CENTRAL) {
      throw new Unreadable('central header');
    }
    const nameLength = file.readUInt16LE(at + 28);
    const next = at + CENTRAL_SIZE + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const entry: Entry = {
      flags: file.readUInt16LE(at + 8),
      method: file.readUInt16LE(at + 10),
      packed: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      offset: file.readUInt32LE(at + 42),
      name: file.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength),
    };
    if (next > eocd.at || (entry.flags & 1) === 1 || (entry.method !== 0 && entry.method !== 8)) {
      throw new Unreadable('entry');
    }
    if (entry.size === ZIP64_MARK || entry.size > MAX_XLSX_INFLATED) {
      throw tooLarge();
    }
    total += entry.size;
    if (total > MAX_XLSX_INFLATED) {
      throw tooLarge();
    }
    if (entry.size > XLSX_RATIO_GRACE && entry.size > entry.packed * MAX_XLSX_RATIO) {
      throw new AppError(400, 'xlsx.ratio', { ratio: MAX_XLSX_RATIO });
    }
    if (entry.method === 0 && entry.packed !== entry.size) {
      throw new Unreadable('stored size');
    }
    entries.push(entry);
    at = next;
  }
  if (at !== eocd.at) {
    throw new Unreadable('central directory size');
  }
  return { entries, end: eocd.offset };
}

/**
 * Where each part's packed bytes lie, checked against its local header. The parts must follow one another from
 * the first byte to the central directory with nothing between them: a reader that walks the local headers (as
 * exceljs's streaming reader does) then meets exactly the parts checked here, and no unlisted one.
 */
function packedSlices(file: Buffer, entries: Entry[], end: number): { entry: Entry; data: Buffer }[] {
  const slices: { entry: Entry; data: Buffer }[] = [];
  let expected = 0;
  let gaps = [0];
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    const at = entry.offset;
    if (!gaps.includes(at - expected) || at + LOCAL_SIZE > end || file.readUInt32LE(at) !== LOCAL) {
      throw new Unreadable('local header');
    }
    const flags = file.readUInt16LE(at + 6);
    const nameLength = file.readUInt16LE(at + 26);
    const start = at + LOCAL_SIZE + nameLength + file.readUInt16LE(at + 28);
    const described = (flags & 8) === 8;
    const sameName = file.subarray(at + LOCAL_SIZE, at + LOCAL_SIZE + nameLength).equals(entry.name);
    const sameSizes =
      described || (file.readUInt32LE(at + 18) === entry.packed && file.readUInt32LE(at + 22) === entry.size);
    if (
      !sameName ||
      !sameSizes ||
      file.readUInt16LE(at + 8) !== entry.method ||
      described !== ((entry.flags & 8) === 8) ||
      start + entry.packed > end
    ) {
      throw new Unreadable('local header');
    }
    expected = start + entry.packed;
    gaps = described ? DESCRIPTOR_SIZES : [0];
    slices.push({ entry, data: file.subarray(start, expected) });
  }
  if (!gaps.includes(end - expected)) {
    throw new Unreadable('bytes before the central directory');
  }
  return slices;
}

/**
 * Inflates one part, counting and dropping what comes out: more than it declared (declared sizes can lie) stops
 * the inflater at once, so a bomb costs one chunk past its declared size, never its real size.
 */
function inflateCounted(data: Buffer, declared: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
    let size = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (!settled) {
        settled = true;
        if (error) {
          reject(error);
        } else {
          resolve();
        }
      }
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > declared) {
        inflater.destroy();
        settle(tooLarge());
      }
    });
    inflater.on('error', () => settle(new Unreadable('inflate')));
    inflater.on('end', () => settle(size === declared ? undefined : new Unreadable('size')));
    inflater.end(data);
  });
}

/**
 * Refuses an .xlsx (or any zip) that would unpack past the limits, before and while unpacking: the central
 * directory's declared sizes, their total and each part's ratio first, then every part actually inflated with a
 * counter. Nothing is kept; an accepted file is then read by exceljs, which meets the same, now bounded, parts.
 * A file that is not a well-formed zip is refused with `unreadable`, the importer's own message.
 */
export async function checkXlsx(file: Buffer, unreadable: MessageKey): Promise<void> {
  try {
    const { entries, end } = directory(file);
    for (const { entry, data } of packedSlices(file, entries, end)) {
      if (entry.method === 8) {
        await inflateCounted(data, entry.size);
      }
    }
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    throw new AppError(400, unreadable);
  }
}

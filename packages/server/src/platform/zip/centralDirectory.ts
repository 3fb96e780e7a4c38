import type { ByteSource } from './byteSource.ts';

/**
 * The central directory of a ZIP archive (APPNOTE 4.3.12–4.3.16): what the archive says it holds,
 * read without unpacking anything. Only plain archives are accepted: one disk, no ZIP64 (nothing a
 * user sends here comes near 4 GB), no encryption, stored or deflated files.
 */

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
  constructor(detail: string) {
    super(`Not a valid ZIP file: ${detail}`);
  }
}

export interface ZipEntry {
  name: string;
  nameBytes: Buffer;
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface EndOfCentralDirectory {
  entryCount: number;
  /** Where the central directory starts; every file's data lies before it. */
  offset: number;
  size: number;
}

const END_SIGNATURE = 0x06054b50;
const END_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_LENGTH = 46;
export const FLAG_ENCRYPTED = 0x0001;
export const FLAG_DATA_DESCRIPTOR = 0x0008;
export const METHOD_STORED = 0;
export const METHOD_DEFLATED = 8;

export async function readEnd(source: ByteSource): Promise<EndOfCentralDirectory> {
  if (source.size < END_LENGTH) throw new ZipFormatError('the file is too short');
  const tailLength = Math.min(source.size, END_LENGTH + MAX_COMMENT_LENGTH);
  const tailStart = source.size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  // The last record whose comment runs exactly to the end of the file: a signature inside a comment
  // does not match.
  for (let at = tail.length - END_LENGTH; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue;
    if (at + END_LENGTH + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const disk = tail.readUInt16LE(at + 4);
    const directoryDisk = tail.readUInt16LE(at + 6);
    const entriesOnDisk = tail.readUInt16LE(at + 8);
    const entryCount = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (entryCount === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      throw new ZipFormatError('ZIP64 archives are not accepted');
    }
    if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) {
      throw new ZipFormatError('split archives are not accepted');
    }
    if (offset + size !== tailStart + at) {
      throw new ZipFormatError('the central directory is not where the archive says it is');
    }
    return { entryCount, offset, size };
  }
  throw new ZipFormatError('no end of central directory record');
}

export async function readEntries(source: ByteSource, end: EndOfCentralDirectory): Promise<ZipEntry[]> {
  const directory = await source.read(end.offset, end.size);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < end.entryCount; index++) {
    if (at + ENTRY_LENGTH > directory.length || directory.readUInt32LE(at) !== ENTRY_SIGNATURE) {
      throw new ZipFormatError('the central directory is damaged');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + ENTRY_LENGTH + nameLength + extraLength + commentLength;
    if (next > directory.length) throw new ZipFormatError('the central directory is damaged');
    const nameBytes = directory.subarray(at + ENTRY_LENGTH, at + ENTRY_LENGTH + nameLength);
    const entry: ZipEntry = {
      name: nameBytes.toString('utf8'),
      nameBytes,
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    checkEntry(entry, end);
    entries.push(entry);
    at = next;
  }
  if (at !== directory.length) throw new ZipFormatError('the central directory is damaged');
  return entries;
}

function checkEntry(entry: ZipEntry, end: EndOfCentralDirectory): void {
  const { name } = entry;
  if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) {
    throw new ZipFormatError('ZIP64 archives are not accepted');
  }
  if (entry.flags & FLAG_ENCRYPTED) throw new ZipFormatError(`'${name}' is encrypted`);
  if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED) {
    throw new ZipFormatError(`'${name}' uses compression method ${entry.method}; only deflate is accepted`);
  }
  if (entry.method === METHOD_STORED && entry.compressedSize !== entry.uncompressedSize) {
    throw new ZipFormatError(`'${name}' is stored with two different sizes`);
  }
  if (entry.localHeaderOffset + entry.compressedSize > end.offset) {
    throw new ZipFormatError(`'${name}' lies outside the archive's data`);
  }
}

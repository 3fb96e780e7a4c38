import type { ByteSource } from './byteSource.ts';
import { FLAG_DATA_DESCRIPTOR, type ZipEntry, ZipFormatError } from './centralDirectory.ts';

/** A file's local header (APPNOTE 4.3.7) and where its packed data lies. */
export interface LocalFile {
  flags: number;
  method: number;
  nameBytes: Buffer;
  /** The sizes written before the data: zero when a data descriptor follows it instead. */
  compressedSize: number;
  uncompressedSize: number;
  dataStart: number;
  /** dataStart + the central directory's packed size. */
  dataEnd: number;
}

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_LENGTH = 30;
export const DESCRIPTOR_SIGNATURE = 0x08074b50;
/** Signature, CRC-32 and the two sizes; ZIP64 descriptors are refused with ZIP64 itself. */
export const DESCRIPTOR_LENGTH = 16;

export async function readLocalFile(source: ByteSource, entry: ZipEntry): Promise<LocalFile> {
  const header = await source.read(entry.localHeaderOffset, LOCAL_LENGTH);
  if (header.length < LOCAL_LENGTH || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new ZipFormatError(`'${entry.name}' has no local header where the directory says`);
  }
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const nameBytes = await source.read(entry.localHeaderOffset + LOCAL_LENGTH, nameLength);
  const dataStart = entry.localHeaderOffset + LOCAL_LENGTH + nameLength + extraLength;
  return {
    flags: header.readUInt16LE(6),
    method: header.readUInt16LE(8),
    nameBytes,
    compressedSize: header.readUInt32LE(18),
    uncompressedSize: header.readUInt32LE(22),
    dataStart,
    dataEnd: dataStart + entry.compressedSize,
  };
}

/**
 * A reader that walks local headers instead of the directory (exceljs's unzipper) must see the same
 * file: name, method and flags, and the sizes unless a descriptor carries them.
 */
export function checkLocalAgrees(entry: ZipEntry, local: LocalFile): void {
  const problem = (what: string) =>
    new ZipFormatError(`'${entry.name}': the local header and the central directory disagree on ${what}`);
  if (!local.nameBytes.equals(entry.nameBytes)) throw problem('the name');
  if (local.method !== entry.method) throw problem('the compression method');
  if ((local.flags ^ entry.flags) & FLAG_DATA_DESCRIPTOR) throw problem('the data descriptor');
  const deferred = (entry.flags & FLAG_DATA_DESCRIPTOR) !== 0;
  const sizesMatch =
    local.compressedSize === entry.compressedSize && local.uncompressedSize === entry.uncompressedSize;
  const sizesDeferred = local.compressedSize === 0 && local.uncompressedSize === 0;
  if (!(sizesMatch || (deferred && sizesDeferred))) throw problem('the sizes');
}

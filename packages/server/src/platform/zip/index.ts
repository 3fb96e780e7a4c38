import { bufferSource, openFileSource } from './byteSource.ts';
import {
  FLAG_DATA_DESCRIPTOR,
  readEnd,
  readEntries,
  type ZipEntry,
  ZipFormatError,
} from './centralDirectory.ts';
import { inflateEntry, measureEntry } from './inflate.ts';
import { checkDeclaredSizes, checkEntryCount, type ZipLimits } from './limits.ts';
import { checkLocalAgrees, DESCRIPTOR_LENGTH, DESCRIPTOR_SIGNATURE, readLocalFile } from './localHeader.ts';

export { ZipFormatError } from './centralDirectory.ts';
export { formatBytes, ZipLimitError, type ZipLimits } from './limits.ts';

/**
 * ZIP archives from users, opened safely: the central directory is read first and the archive refused
 * (ZipLimitError) when its file count, unpacked size or a file's compression ratio passes the limits;
 * then every byte inflated is held to the size declared, since the directory can lie.
 */

export interface ZipFileContent {
  name: string;
  content: Buffer;
}

/** The files of an in-memory archive that `wanted` names, unpacked within the limits. */
export async function readZipFiles(
  archive: Buffer,
  limits: ZipLimits,
  wanted: (name: string) => boolean,
): Promise<ZipFileContent[]> {
  const source = bufferSource(archive);
  const end = await readEnd(source);
  checkEntryCount(end.entryCount, limits);
  const entries = await readEntries(source, end);
  checkDeclaredSizes(entries, limits);
  const files: ZipFileContent[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('/') || !wanted(entry.name)) continue;
    const local = await readLocalFile(source, entry);
    if (local.dataEnd > end.offset)
      throw new ZipFormatError(`'${entry.name}' lies outside the archive's data`);
    const packed = archive.subarray(local.dataStart, local.dataEnd);
    files.push({ name: entry.name, content: inflateEntry(entry, packed) });
  }
  return files;
}

/**
 * Checks an archive on disk before a streaming reader that walks local headers (exceljs's unzipper)
 * unpacks it: the limits on the directory; local headers that agree with it and follow one another
 * with nothing hidden between them; every file inflated once, counted and discarded. After this the
 * reader can only see the files checked here, at the sizes checked here.
 */
export async function checkZipFile(path: string, limits: ZipLimits): Promise<void> {
  const source = await openFileSource(path);
  try {
    const end = await readEnd(source);
    checkEntryCount(end.entryCount, limits);
    const entries = await readEntries(source, end);
    checkDeclaredSizes(entries, limits);
    const inFileOrder = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
    let expectedOffset = 0;
    for (const entry of inFileOrder) {
      if (entry.localHeaderOffset !== expectedOffset) {
        throw new ZipFormatError(`'${entry.name}' does not start where the previous file ends`);
      }
      expectedOffset = await checkStreamedFile(path, source, entry);
    }
    if (expectedOffset !== end.offset) {
      throw new ZipFormatError('there are bytes between the last file and the central directory');
    }
  } finally {
    await source.close();
  }
}

/** One file as a streaming reader meets it; returns where the next local header must start. */
async function checkStreamedFile(
  path: string,
  source: Awaited<ReturnType<typeof openFileSource>>,
  entry: ZipEntry,
): Promise<number> {
  const local = await readLocalFile(source, entry);
  checkLocalAgrees(entry, local);
  const deferred = (entry.flags & FLAG_DATA_DESCRIPTOR) !== 0;
  // Without sizes in the local header, unzipper ends the data at the first descriptor signature it
  // finds, so that must be the real descriptor, not one planted inside the data.
  const searchSignature = deferred && local.compressedSize === 0;
  const signature = Buffer.alloc(4);
  signature.writeUInt32LE(DESCRIPTOR_SIGNATURE);
  let carry = Buffer.alloc(0);
  await measureEntry(path, entry, local.dataStart, (chunk) => {
    if (!searchSignature) return;
    const window = Buffer.concat([carry, chunk]);
    if (window.includes(signature)) {
      throw new ZipFormatError(`'${entry.name}' contains a data descriptor signature inside its data`);
    }
    carry = window.subarray(Math.max(0, window.length - 3));
  });
  if (!deferred) return local.dataEnd;
  const descriptor = await source.read(local.dataEnd, DESCRIPTOR_LENGTH);
  if (
    searchSignature &&
    Buffer.concat([carry, descriptor.subarray(0, 4)]).indexOf(signature) !== carry.length
  ) {
    throw new ZipFormatError(`'${entry.name}' contains a data descriptor signature inside its data`);
  }
  if (
    descriptor.length !== DESCRIPTOR_LENGTH ||
    descriptor.readUInt32LE(0) !== DESCRIPTOR_SIGNATURE ||
    descriptor.readUInt32LE(8) !== entry.compressedSize ||
    descriptor.readUInt32LE(12) !== entry.uncompressedSize
  ) {
    throw new ZipFormatError(`'${entry.name}' has no data descriptor matching the central directory`);
  }
  return local.dataEnd + DESCRIPTOR_LENGTH;
}

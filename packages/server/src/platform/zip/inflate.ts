import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { METHOD_STORED, type ZipEntry, ZipFormatError } from './centralDirectory.ts';
import { declaredSizeExceeded, ZipLimitError } from './limits.ts';

/**
 * Unpacking one file while holding it to the size its directory entry declares: the declared size
 * passed the limits, and the data may claim a thousand times more.
 */

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
}

function sizeMismatch(entry: ZipEntry, actual: number): ZipFormatError {
  return new ZipFormatError(
    `'${entry.name}' unpacks to ${actual} bytes, not the ${entry.uncompressedSize} the archive declares`,
  );
}

/** One file's content from its packed bytes; zlib stops as soon as the output passes the declared size. */
export function inflateEntry(entry: ZipEntry, packed: Buffer): Buffer {
  if (entry.method === METHOD_STORED) return packed;
  let content: Buffer;
  try {
    content = zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if (isTooLarge(error)) throw declaredSizeExceeded(entry);
    throw new ZipFormatError(`'${entry.name}' is not valid deflate data`);
  }
  if (content.length !== entry.uncompressedSize) throw sizeMismatch(entry, content.length);
  return content;
}

/**
 * Inflates a file's packed bytes from disk and throws the unpacked bytes away, counting them;
 * `onPacked` sees every packed chunk (to search it). Memory stays at a few chunks whatever the size.
 */
export async function measureEntry(
  path: string,
  entry: ZipEntry,
  start: number,
  onPacked: (chunk: Buffer) => void,
): Promise<void> {
  if (entry.compressedSize === 0) {
    // Nothing to inflate: only an empty file may pack to nothing.
    if (entry.uncompressedSize !== 0) throw sizeMismatch(entry, 0);
    return;
  }
  let unpacked = 0;
  const count = new Writable({
    write(chunk: Buffer, _encoding, done) {
      unpacked += chunk.length;
      done(unpacked > entry.uncompressedSize ? declaredSizeExceeded(entry) : undefined);
    },
  });
  const packed = fs.createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  async function* tap(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      onPacked(chunk);
      yield chunk;
    }
  }
  try {
    if (entry.method === METHOD_STORED) await pipeline(packed, tap, count);
    else await pipeline(packed, tap, zlib.createInflateRaw(), count);
  } catch (error) {
    if (error instanceof ZipFormatError || error instanceof ZipLimitError) throw error;
    throw new ZipFormatError(`'${entry.name}' is not valid deflate data`);
  }
  if (unpacked !== entry.uncompressedSize) throw sizeMismatch(entry, unpacked);
}

import type { ZipEntry } from './centralDirectory.ts';

/** What an archive from a user may unpack to; checked before unpacking and again while inflating. */
export interface ZipLimits {
  maxEntries: number;
  /** All files together, unpacked. */
  maxUnpackedBytes: number;
  /** Unpacked ÷ packed size of one file (Superset's ZIP_FILE_MAX_COMPRESS_RATIO is 200). */
  maxRatio: number;
  /** The files the reader keeps in memory rather than streams, held together to a smaller budget. */
  heldInMemory?: { maxBytes: number; matches: (name: string) => boolean };
}

/**
 * Files this small are not held to the ratio: a few kilobytes of repeated text legitimately pack a
 * thousandfold and cannot hurt anyone, while every bomb is large.
 */
export const RATIO_FREE_BYTES = 1024 * 1024;

/** The archive is refused by a limit; the message says which and by how much. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

export function checkEntryCount(count: number, limits: ZipLimits): void {
  if (count > limits.maxEntries) {
    throw new ZipLimitError(`The archive holds ${count} files; at most ${limits.maxEntries} are accepted`);
  }
}

/** The sizes the central directory declares: the sum, and each file's ratio. */
export function checkDeclaredSizes(entries: readonly ZipEntry[], limits: ZipLimits): void {
  let total = 0;
  let inMemory = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (limits.heldInMemory?.matches(entry.name)) inMemory += entry.uncompressedSize;
    if (entry.uncompressedSize > RATIO_FREE_BYTES) {
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (ratio > limits.maxRatio) {
        throw new ZipLimitError(
          `'${entry.name}' would unpack to ${Math.round(ratio)} times its packed size ` +
            `(${formatBytes(entry.compressedSize)} to ${formatBytes(entry.uncompressedSize)}); ` +
            `at most ${limits.maxRatio} times is accepted`,
        );
      }
    }
  }
  if (limits.heldInMemory && inMemory > limits.heldInMemory.maxBytes) {
    const names = entries.filter((entry) => limits.heldInMemory!.matches(entry.name)).map((e) => e.name);
    throw new ZipLimitError(
      `The files read into memory (${names.join(', ')}) would unpack to ${formatBytes(inMemory)}; ` +
        `at most ${formatBytes(limits.heldInMemory.maxBytes)} is accepted`,
    );
  }
  if (total > limits.maxUnpackedBytes) {
    throw new ZipLimitError(
      `The archive would unpack to ${formatBytes(total)}; at most ${formatBytes(limits.maxUnpackedBytes)} is accepted`,
    );
  }
}

export function declaredSizeExceeded(entry: ZipEntry): ZipLimitError {
  return new ZipLimitError(
    `'${entry.name}' unpacks to more than the ${formatBytes(entry.uncompressedSize)} the archive declares`,
  );
}

import fs from 'node:fs/promises';

/** Random access to an archive's bytes, in memory or in a file, so one reader serves both. */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes from `offset`; a short read is the caller's format error. */
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(buffer: Buffer): ByteSource {
  return {
    size: buffer.length,
    read: async (offset, length) => buffer.subarray(offset, Math.min(offset + length, buffer.length)),
  };
}

export interface FileSource extends ByteSource {
  close(): Promise<void>;
}

export async function openFileSource(path: string): Promise<FileSource> {
  const handle = await fs.open(path, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      read: async (offset, length) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

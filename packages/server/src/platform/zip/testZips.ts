import zlib from 'node:zlib';

/**
 * ZIP archives for tests, honest or hostile: a writer that puts down exactly the headers it is told
 * to, so a test can build a bomb, a directory that lies, or a file the directory does not list.
 */

export interface TestZipFile {
  name: string;
  /** Raw deflate data (method 8) or the content itself (method 0). */
  packed: Buffer;
  method: 0 | 8;
  crc32: number;
  /** The real unpacked size. */
  size: number;
  /** What the headers claim; the real size unless a test makes them lie. */
  declaredSize?: number;
  /** Sizes after the data in a descriptor, as streaming writers do, instead of in the local header. */
  dataDescriptor?: boolean;
}

export function deflatedFile(name: string, content: Buffer | string): TestZipFile {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, packed: zlib.deflateRawSync(data), method: 8, crc32: zlib.crc32(data), size: data.length };
}

export function storedFile(name: string, content: Buffer | string): TestZipFile {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, packed: data, method: 0, crc32: zlib.crc32(data), size: data.length };
}

const MB = 1024 * 1024;

/**
 * `megabytes` MB of one repeated character (spaces unless told) in about a thousandth of the space,
 * between an optional prefix and suffix: each part is a fully flushed deflate block, independent of
 * the ones before, so one megabyte's block is written once and repeated, then the final empty block.
 * Built without ever holding the unpacked bytes.
 */
export function bombFile(
  name: string,
  megabytes: number,
  shape: { fill?: string; prefix?: string; suffix?: string } = {},
): TestZipFile {
  const block = Buffer.alloc(MB, shape.fill ?? ' ');
  const prefix = Buffer.from(shape.prefix ?? '');
  const suffix = Buffer.from(shape.suffix ?? '');
  const flushed = (data: Buffer) =>
    zlib.deflateRawSync(data, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const packedBlock = flushed(block);
  let crc = zlib.crc32(prefix);
  for (let i = 0; i < megabytes; i++) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(suffix, crc);
  const packed = Buffer.concat([
    flushed(prefix),
    ...Array.from({ length: megabytes }, () => packedBlock),
    flushed(suffix),
    Buffer.from([3, 0]),
  ]);
  return { name, packed, method: 8, crc32: crc, size: prefix.length + megabytes * MB + suffix.length };
}

export interface BuildOptions {
  /** Indexes of files written to the archive but left out of the central directory. */
  unlisted?: number[];
}

export function buildZip(files: readonly TestZipFile[], options: BuildOptions = {}): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  files.forEach((file, index) => {
    const name = Buffer.from(file.name, 'utf8');
    const declared = file.declaredSize ?? file.size;
    const flags = 0x0800 | (file.dataDescriptor ? 0x0008 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(file.method, 8);
    local.writeUInt32LE(file.dataDescriptor ? 0 : file.crc32, 14);
    local.writeUInt32LE(file.dataDescriptor ? 0 : file.packed.length, 18);
    local.writeUInt32LE(file.dataDescriptor ? 0 : declared, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, file.packed);
    let length = local.length + name.length + file.packed.length;
    if (file.dataDescriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(file.crc32, 4);
      descriptor.writeUInt32LE(file.packed.length, 8);
      descriptor.writeUInt32LE(declared, 12);
      parts.push(descriptor);
      length += descriptor.length;
    }
    if (!options.unlisted?.includes(index)) {
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(flags, 8);
      entry.writeUInt16LE(file.method, 10);
      entry.writeUInt32LE(file.crc32, 16);
      entry.writeUInt32LE(file.packed.length, 20);
      entry.writeUInt32LE(declared, 24);
      entry.writeUInt16LE(name.length, 28);
      entry.writeUInt32LE(offset, 42);
      directory.push(entry, name);
    }
    offset += length;
  });
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = files.length - (options.unlisted?.length ?? 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

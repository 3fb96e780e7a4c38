import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { waitForDrain, writeChunk } from '../sink.ts';

/**
 * A ZIP archive written front to back into a stream, for files too large to hold: each member is
 * deflated by node's zlib (native, on the thread pool, so compression overlaps the JavaScript that
 * produces the next bytes) and followed by a data descriptor carrying its CRC-32 and sizes, which
 * are only known at its end. Small members are deflated at once and carry their sizes in the local
 * header. ZIP64 records are written only where a size or an offset needs them (past 4 GiB, or
 * `zip64Above` in tests), so ordinary archives stay readable by every reader. Backpressure both
 * ways: writing waits while the deflater's queue is full, and the deflater pauses while the sink's is.
 */

const LOCAL_HEADER = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const METHOD_DEFLATE = 8;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
const MADE_BY_UNIX = 3 << 8;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

export interface ZipStreamOptions {
  /** zlib level, 1 (fastest) … 9. */
  level: number;
  /** Sizes and offsets above this use ZIP64 records (default 0xFFFFFFFF, the format's limit; lower only in tests). */
  zip64Above?: number;
  /** The modification time stamped on every member (default: now). */
  date?: Date;
}

interface Member {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** A member being written; `write` resolves when more may be written, `close` when it is complete. */
export interface ZipEntryWriter {
  write(data: Buffer): Promise<void>;
  close(): Promise<void>;
}

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export class ZipStream {
  private offset = 0;
  private readonly members: Member[] = [];
  private readonly stamp: { time: number; day: number };
  private readonly limit: number;
  private failure: Error | null = null;
  private active: zlib.DeflateRaw | null = null;
  private readonly onSinkError = (error: Error): void => this.fail(error);
  private readonly onSinkClose = (): void => this.fail(new Error('The output stream was closed'));

  constructor(
    private readonly sink: Writable,
    private readonly options: ZipStreamOptions,
  ) {
    this.stamp = dosDateTime(options.date ?? new Date());
    this.limit = options.zip64Above ?? MAX_32;
    sink.on('error', this.onSinkError);
    sink.on('close', this.onSinkClose);
  }

  /** Stops everything in flight with `error` (a failed sink, or the caller giving up). Idempotent. */
  fail(error: Error): void {
    this.failure ??= error;
    this.active?.destroy(this.failure);
    this.detach();
  }

  private detach(): void {
    this.sink.off('error', this.onSinkError);
    this.sink.off('close', this.onSinkClose);
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private async put(chunk: Buffer): Promise<void> {
    this.check();
    this.offset += chunk.length;
    await writeChunk(this.sink, chunk);
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
    const header = Buffer.alloc(30 + name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION_DEFAULT, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(compressed, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    name.copy(header, 30);
    return header;
  }

  /** A small member, deflated at once (its sizes go in the local header, no descriptor). */
  async addFile(name: string, content: string | Buffer): Promise<void> {
    this.check();
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const packed = zlib.deflateRawSync(data, { level: this.options.level });
    const member: Member = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8,
      crc: zlib.crc32(data),
      compressedSize: packed.length,
      size: data.length,
      offset: this.offset,
    };
    if (packed.length >= this.limit || data.length >= this.limit) {
      throw new Error(`${name} is too large to be added whole`);
    }
    await this.put(this.localHeader(member.name, member.flags, member.crc, packed.length, data.length));
    await this.put(packed);
    this.members.push(member);
  }

  /** Starts a streamed member; write its bytes, then close it before starting another. */
  async startEntry(name: string): Promise<ZipEntryWriter> {
    this.check();
    if (this.active) throw new Error('The previous ZIP member is still open');
    const member: Member = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    };
    await this.put(this.localHeader(member.name, member.flags, 0, 0, 0));
    // zlib passes stream options on to its Transform (its typings leave them out). Room for a few
    // producer chunks, so the next one is built while zlib packs this one.
    const deflateOptions: zlib.ZlibOptions & { writableHighWaterMark: number } = {
      level: this.options.level,
      chunkSize: 64 * 1024,
      writableHighWaterMark: 1024 * 1024,
    };
    const deflate = zlib.createDeflateRaw(deflateOptions);
    this.active = deflate;
    const sink = this.sink;
    deflate.on('data', (chunk: Buffer) => {
      member.compressedSize += chunk.length;
      this.offset += chunk.length;
      if (this.failure) return;
      if (!sink.write(chunk)) {
        deflate.pause();
        waitForDrain(sink).then(
          () => deflate.resume(),
          (error: Error) => this.fail(error),
        );
      }
    });
    const done = finished(deflate);
    // A failure before close() is awaited must not surface as an unhandled rejection.
    done.catch(() => undefined);
    return {
      write: async (data: Buffer): Promise<void> => {
        this.check();
        member.crc = zlib.crc32(data, member.crc);
        member.size += data.length;
        if (!deflate.write(data)) await waitForDrain(deflate);
        this.check();
      },
      close: async (): Promise<void> => {
        this.check();
        deflate.end();
        try {
          await done;
        } catch (error) {
          throw this.failure ?? error;
        }
        this.check();
        this.active = null;
        const wide = member.size >= this.limit || member.compressedSize >= this.limit;
        const descriptor = Buffer.alloc(wide ? 24 : 16);
        descriptor.writeUInt32LE(DESCRIPTOR, 0);
        descriptor.writeUInt32LE(member.crc, 4);
        if (wide) {
          descriptor.writeBigUInt64LE(BigInt(member.compressedSize), 8);
          descriptor.writeBigUInt64LE(BigInt(member.size), 16);
        } else {
          descriptor.writeUInt32LE(member.compressedSize, 8);
          descriptor.writeUInt32LE(member.size, 12);
        }
        await this.put(descriptor);
        this.members.push(member);
      },
    };
  }

  /** Writes the central directory and ends the sink; resolves once the sink has taken every byte. */
  async finish(): Promise<void> {
    this.check();
    if (this.active) throw new Error('A ZIP member is still open');
    const start = this.offset;
    const records: Buffer[] = [];
    for (const member of this.members) records.push(this.centralRecord(member));
    const directory = Buffer.concat(records);
    await this.put(directory);
    const count = this.members.length;
    const zip64 = count >= MAX_16 || start >= this.limit || directory.length >= this.limit;
    if (zip64) {
      const at = this.offset;
      const record = Buffer.alloc(56 + 20);
      record.writeUInt32LE(ZIP64_END, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
      record.writeUInt16LE(VERSION_ZIP64, 14);
      record.writeUInt32LE(0, 16);
      record.writeUInt32LE(0, 20);
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(directory.length), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      record.writeUInt32LE(ZIP64_LOCATOR, 56);
      record.writeUInt32LE(0, 60);
      record.writeBigUInt64LE(BigInt(at), 64);
      record.writeUInt32LE(1, 72);
      await this.put(record);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(zip64 ? MAX_16 : count, 8);
    end.writeUInt16LE(zip64 ? MAX_16 : count, 10);
    end.writeUInt32LE(zip64 ? MAX_32 : directory.length, 12);
    end.writeUInt32LE(zip64 ? MAX_32 : start, 16);
    await this.put(end);
    this.check();
    await new Promise<void>((resolve, reject) => {
      this.sink.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
    this.detach();
  }

  private centralRecord(member: Member): Buffer {
    const extra: bigint[] = [];
    if (member.size >= this.limit) extra.push(BigInt(member.size));
    if (member.compressedSize >= this.limit) extra.push(BigInt(member.compressedSize));
    if (member.offset >= this.limit) extra.push(BigInt(member.offset));
    const extraLength = extra.length > 0 ? 4 + 8 * extra.length : 0;
    const record = Buffer.alloc(46 + member.name.length + extraLength);
    const version = extra.length > 0 ? VERSION_ZIP64 : VERSION_DEFAULT;
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(MADE_BY_UNIX | version, 4);
    record.writeUInt16LE(version, 6);
    record.writeUInt16LE(member.flags, 8);
    record.writeUInt16LE(METHOD_DEFLATE, 10);
    record.writeUInt16LE(this.stamp.time, 12);
    record.writeUInt16LE(this.stamp.day, 14);
    record.writeUInt32LE(member.crc, 16);
    record.writeUInt32LE(member.compressedSize >= this.limit ? MAX_32 : member.compressedSize, 20);
    record.writeUInt32LE(member.size >= this.limit ? MAX_32 : member.size, 24);
    record.writeUInt16LE(member.name.length, 28);
    record.writeUInt16LE(extraLength, 30);
    // comment length, disk, internal attributes: 0; external attributes: -rw-r--r--
    record.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    record.writeUInt32LE(member.offset >= this.limit ? MAX_32 : member.offset, 42);
    member.name.copy(record, 46);
    if (extraLength > 0) {
      let at = 46 + member.name.length;
      record.writeUInt16LE(0x0001, at);
      record.writeUInt16LE(8 * extra.length, at + 2);
      at += 4;
      for (const value of extra) {
        record.writeBigUInt64LE(value, at);
        at += 8;
      }
    }
    return record;
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { checkZipFile } from '../../../platform/zip/index.ts';
import { collector } from '../testing.ts';
import { ZipStream } from './zipStream.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-zipstream-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const LIMITS = { maxEntries: 100, maxUnpackedBytes: 100 * 1024 * 1024, maxRatio: 10_000 };

/** Text that deflates poorly, so a streamed member spans many deflate chunks. */
function noise(bytes: number, seed: number): Buffer {
  const data = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data[i] = 32 + ((x >>> 0) % 90);
  }
  return data;
}

async function archive(zip64Above?: number): Promise<{ bytes: Buffer; big: Buffer }> {
  const out = collector();
  const zip = new ZipStream(out.sink, { level: 1, zip64Above });
  const big = noise(3 * 1024 * 1024, 7);
  await zip.addFile('small/ёлка.txt', 'маленький файл');
  const entry = await zip.startEntry('big.txt');
  for (let at = 0; at < big.length; at += 100_000) await entry.write(big.subarray(at, at + 100_000));
  await entry.close();
  const empty = await zip.startEntry('empty.txt');
  await empty.close();
  await zip.addFile('after.txt', 'после');
  await zip.finish();
  return { bytes: out.bytes(), big };
}

describe('ZipStream', () => {
  it('writes an archive that JSZip unpacks and the upload checker accepts (local headers, descriptors)', async () => {
    const { bytes, big } = await archive();
    const read = await JSZip.loadAsync(bytes);
    expect(Object.keys(read.files)).toEqual(['small/ёлка.txt', 'big.txt', 'empty.txt', 'after.txt']);
    expect(await read.file('small/ёлка.txt')?.async('string')).toBe('маленький файл');
    expect((await read.file('big.txt')?.async('nodebuffer'))?.equals(big)).toBe(true);
    expect(await read.file('empty.txt')?.async('string')).toBe('');
    const file = path.join(dir, 'plain.zip');
    fs.writeFileSync(file, bytes);
    await expect(checkZipFile(file, LIMITS)).resolves.toBeUndefined();
  });

  it('writes ZIP64 sizes, offsets and end records where they are needed', async () => {
    // With the limit lowered to 1 MB, the 3 MB member and everything after it need ZIP64 records.
    const { bytes, big } = await archive(1024 * 1024);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const read = await JSZip.loadAsync(bytes);
    expect((await read.file('big.txt')?.async('nodebuffer'))?.equals(big)).toBe(true);
    expect(await read.file('empty.txt')?.async('string')).toBe('');
    expect(await read.file('after.txt')?.async('string')).toBe('после');
  });

  it('stops with the sink’s error and leaves no member open', async () => {
    let taken = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        callback(taken > 200_000 ? new Error('disk full') : null);
      },
    });
    const zip = new ZipStream(sink, { level: 1 });
    const entry = await zip.startEntry('big.txt');
    const data = noise(10 * 1024 * 1024, 3);
    const writing = (async () => {
      for (let at = 0; at < data.length; at += 100_000) await entry.write(data.subarray(at, at + 100_000));
      await entry.close();
    })();
    await expect(writing).rejects.toThrow('disk full');
    await expect(zip.finish()).rejects.toThrow('disk full');
    expect(sink.listenerCount('error')).toBe(0);
    expect(taken).toBeLessThan(2 * 1024 * 1024);
  });
});

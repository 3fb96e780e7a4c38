import { once } from 'node:events';
import zlib from 'node:zlib';
import { runError } from '@vitrina/common/reports/runErrors';
import { PNG } from 'pngjs';
import { ScreenshotError } from '../../http/screenshots.ts';

/**
 * PNG pictures of one width laid one under the other, as one PNG. The rows are compressed as they
 * come, slice by slice, so only one slice's bitmap is in memory at a time, whatever the height.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** 8-bit RGBA, as pngjs decodes every picture. */
function header(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 6, 0, 0, 0], 8);
  return chunk('IHDR', data);
}

/** Each row as PNG stores it: filter byte 0 (none), then the row's pixels. */
function rows(png: PNG): Buffer {
  const stride = png.width * 4;
  const out = Buffer.alloc(png.height * (stride + 1));
  for (let y = 0; y < png.height; y++) png.data.copy(out, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return out;
}

export async function stitchPngs(slices: readonly Buffer[]): Promise<Buffer> {
  if (slices.length === 1) return slices[0]!;
  const deflate = zlib.createDeflate();
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const done = once(deflate, 'end');
  let width = -1;
  let height = 0;
  for (const slice of slices) {
    const png = PNG.sync.read(slice);
    if (width !== -1 && png.width !== width) {
      throw new ScreenshotError(
        `Picture slices differ in width (${width} and ${png.width} px)`,
        runError('render_failed', {}, `slices of ${width} and ${png.width} px`),
      );
    }
    width = png.width;
    height += png.height;
    if (!deflate.write(rows(png))) await once(deflate, 'drain');
  }
  deflate.end();
  await done;
  return Buffer.concat([
    SIGNATURE,
    header(width, height),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { checkZipFile, readZipFiles, ZipFormatError, ZipLimitError, type ZipLimits } from './index.ts';
import { bombFile, buildZip, deflatedFile, storedFile } from './testZips.ts';

const MB = 1024 * 1024;
const LIMITS: ZipLimits = { maxEntries: 100, maxUnpackedBytes: 50 * MB, maxRatio: 200 };
const everything = () => true;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let fileNumber = 0;
function onDisk(archive: Buffer | Uint8Array): string {
  const file = path.join(dir, `archive-${fileNumber++}.zip`);
  fs.writeFileSync(file, archive);
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected the archive to be refused');
  return error;
}

describe('reading an archive from memory', () => {
  it('unpacks stored and deflated files written by JSZip, and only the files asked for', async () => {
    const zip = new JSZip();
    zip.file('export/metadata.yaml', 'type: Dashboard\n');
    zip.file('export/charts/a.yaml', 'slice_name: Продажи\n'.repeat(100), { compression: 'DEFLATE' });
    zip.file('export/readme.txt', 'skip me');
    const archive = await zip.generateAsync({ type: 'nodebuffer' });
    const files = await readZipFiles(archive, LIMITS, (name) => name.endsWith('.yaml'));
    expect(files.map((f) => f.name).sort()).toEqual(['export/charts/a.yaml', 'export/metadata.yaml']);
    expect(files.find((f) => f.name.endsWith('/a.yaml'))!.content.toString()).toBe(
      'slice_name: Продажи\n'.repeat(100),
    );
  });

  it('refuses more files than the limit from the directory alone', async () => {
    const archive = buildZip(Array.from({ length: 101 }, (_, i) => storedFile(`f${i}.yaml`, 'a: 1')));
    const error = await refusal(readZipFiles(archive, LIMITS, everything));
    expect(error).toBeInstanceOf(ZipLimitError);
    expect(error.message).toBe('The archive holds 101 files; at most 100 are accepted');
  });

  it('refuses an archive whose declared unpacked size passes the limit, before unpacking', async () => {
    // 60 files of 1 MB, each packing well within the ratio: the sum is what is too large.
    const content = Buffer.from(Array.from({ length: MB }, (_, i) => (i * 7919) % 251));
    const files = Array.from({ length: 60 }, (_, i) => deflatedFile(`f${i}.bin`, content));
    const error = await refusal(readZipFiles(buildZip(files), LIMITS, everything));
    expect(error).toBeInstanceOf(ZipLimitError);
    expect(error.message).toBe('The archive would unpack to 60.0 MB; at most 50.0 MB is accepted');
  });

  it('refuses a file that packs more than the ratio allows, and lets small files pack as they will', async () => {
    const bomb = await refusal(readZipFiles(buildZip([bombFile('bomb.yaml', 10)]), LIMITS, everything));
    expect(bomb).toBeInstanceOf(ZipLimitError);
    expect(bomb.message).toMatch(
      /^'bomb\.yaml' would unpack to \d+ times its packed size \(10\.\d KB to 10\.0 MB\); at most 200 times is accepted$/,
    );
    const small = deflatedFile('small.yaml', ' '.repeat(512 * 1024));
    expect(small.packed.length * 200).toBeLessThan(small.size);
    const [file] = await readZipFiles(buildZip([small]), LIMITS, everything);
    expect(file!.content.length).toBe(512 * 1024);
  });

  it('stops inflating at the declared size when the directory lies', async () => {
    const liar = { ...bombFile('liar.yaml', 100), declaredSize: 1000 };
    const error = await refusal(readZipFiles(buildZip([liar]), LIMITS, everything));
    expect(error).toBeInstanceOf(ZipLimitError);
    expect(error.message).toBe("'liar.yaml' unpacks to more than the 1000 bytes the archive declares");
  });

  it('refuses a file that unpacks to less than declared', async () => {
    const short = { ...deflatedFile('short.yaml', 'a: 1\n'), declaredSize: 50 };
    const error = await refusal(readZipFiles(buildZip([short]), LIMITS, everything));
    expect(error).toBeInstanceOf(ZipFormatError);
    expect(error.message).toContain("'short.yaml' unpacks to 5 bytes, not the 50");
  });

  it('refuses what is not a ZIP file, and ZIP64 archives', async () => {
    const notZip = await refusal(
      readZipFiles(Buffer.from('name,value\n1,2\n3,4\n5,6\n7,8\n'), LIMITS, everything),
    );
    expect(notZip).toBeInstanceOf(ZipFormatError);
    expect(notZip.message).toBe('Not a valid ZIP file: no end of central directory record');
    const zip64 = buildZip([storedFile('a.yaml', 'a: 1')]);
    zip64.writeUInt16LE(0xffff, zip64.length - 12);
    expect((await refusal(readZipFiles(zip64, LIMITS, everything))).message).toContain('ZIP64');
  });
});

describe('checking an archive on disk for a streaming reader', () => {
  it('accepts workbooks written by exceljs and archives written by JSZip with data descriptors', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales');
    sheet.addRow(['city', 'amount']);
    for (let i = 0; i < 1000; i++) sheet.addRow([`City ${i % 7}`, i]);
    await checkZipFile(onDisk(Buffer.from(await workbook.xlsx.writeBuffer())), LIMITS);
    const zip = new JSZip();
    zip.file('a.xml', '<a/>'.repeat(1000), { compression: 'DEFLATE' });
    zip.file('b.xml', '<b/>');
    await checkZipFile(onDisk(await zip.generateAsync({ type: 'nodebuffer', streamFiles: true })), LIMITS);
  });

  it('applies the directory limits and the actual bytes, as from memory', async () => {
    const bomb = await refusal(
      checkZipFile(onDisk(buildZip([bombFile('xl/sharedStrings.xml', 10)])), LIMITS),
    );
    expect(bomb.message).toContain('times its packed size');
    const liar = { ...bombFile('xl/worksheets/sheet1.xml', 100), declaredSize: 1000 };
    const lie = await refusal(checkZipFile(onDisk(buildZip([liar])), LIMITS));
    expect(lie).toBeInstanceOf(ZipLimitError);
    expect(lie.message).toContain('unpacks to more than the 1000 bytes the archive declares');
    const described = { ...liar, dataDescriptor: true };
    expect((await refusal(checkZipFile(onDisk(buildZip([described])), LIMITS))).message).toContain(
      'unpacks to more than',
    );
  });

  it('refuses a file the directory does not list, which a streaming reader would still unpack', async () => {
    const archive = buildZip([storedFile('a.xml', '<a/>'), bombFile('hidden.xml', 100)], { unlisted: [1] });
    // The directory alone looks harmless.
    expect(await readZipFiles(archive, LIMITS, everything)).toHaveLength(1);
    const error = await refusal(checkZipFile(onDisk(archive), LIMITS));
    expect(error).toBeInstanceOf(ZipFormatError);
    expect(error.message).toContain('bytes between the last file and the central directory');
  });

  it('refuses a descriptor signature planted inside the data of a file with a data descriptor', async () => {
    const planted = Buffer.concat([
      Buffer.from('<x>'),
      Buffer.from([0x50, 0x4b, 0x07, 0x08]),
      Buffer.from('</x>'),
    ]);
    const archive = buildZip([{ ...storedFile('xl/a.xml', planted), dataDescriptor: true }]);
    const error = await refusal(checkZipFile(onDisk(archive), LIMITS));
    expect(error.message).toContain('contains a data descriptor signature inside its data');
  });

  it('refuses local headers that disagree with the directory', async () => {
    const archive = buildZip([storedFile('xl/a.xml', '<a/>')]);
    archive.write('b', 30 + 3); // the local name becomes xl/b.xml; the directory still says xl/a.xml
    const error = await refusal(checkZipFile(onDisk(archive), LIMITS));
    expect(error.message).toContain('disagree on the name');
  });
});

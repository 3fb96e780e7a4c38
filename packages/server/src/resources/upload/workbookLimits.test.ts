import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZipFiles } from '../../platform/zip/index.ts';
import { bombFile, buildZip, deflatedFile, type TestZipFile } from '../../platform/zip/testZips.ts';
import { multipart } from '../../testing/multipart.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { registerSmallExamples } from '../datasets/testFixtures.ts';

const MB = 1024 * 1024;

/** The files of a real workbook, so a test can swap one for a hostile part. */
async function workbookFiles(): Promise<TestZipFile[]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  sheet.addRow(['city', 'amount']);
  sheet.addRow(['Омск', 7]);
  sheet.addRow(['Moscow', 12.5]);
  const archive = Buffer.from(await workbook.xlsx.writeBuffer());
  const limits = { maxEntries: 100, maxUnpackedBytes: 10 * MB, maxRatio: 1000 };
  return (await readZipFiles(archive, limits, () => true)).map((file) =>
    deflatedFile(file.name, file.content),
  );
}

describe('Excel upload: archive limits', () => {
  let harness: TestApp;
  let admin: Headers;
  let databaseId: number;
  let honest: TestZipFile[];

  beforeAll(async () => {
    harness = await createTestApp();
    databaseId = await registerSmallExamples(harness, 10);
    admin = await harness.loginAs(ADMIN.username, ADMIN.password);
    honest = await workbookFiles();
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  const upload = async (table: string, archive: Buffer) => {
    const body = multipart(
      { type: 'excel', table_name: table },
      { field: 'file', name: 'book.xlsx', content: archive },
    );
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/v1/database/${databaseId}/upload/`,
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const datasetExists = async (table: string) =>
    (await harness.ctx.metastore.db
      .selectFrom('datasets')
      .select('id')
      .where('table_name', '=', table)
      .executeTakeFirst()) !== undefined;
  const withPart = (name: string, part: TestZipFile) =>
    buildZip(honest.map((file) => (file.name === name ? part : file)));
  /** One shared string of `megabytes` MB: exceljs would hold it, several times over, in memory. */
  const sharedStringsBomb = (megabytes: number) =>
    bombFile('xl/sharedStrings.xml', megabytes, {
      fill: 'a',
      prefix:
        '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>',
      suffix: '</t></si></sst>',
    });

  it('still loads an honest workbook rebuilt from its parts', async () => {
    const answer = await upload('honest_book', buildZip(honest));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await datasetExists('honest_book')).toBe(true);
  });

  // The review's finding for imports holds for workbooks too: read as it was, a 300 KB workbook with one
  // 300 MB shared string grew the process by 1.2 GB. Refused from the central directory instead.
  it('refuses a workbook whose shared strings unpack to 700 MB, before exceljs reads it', async () => {
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const archive = withPart('xl/sharedStrings.xml', sharedStringsBomb(700));
    expect(archive.length).toBeLessThan(MB);
    const answer = await upload('bomb_book', archive);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(
      /^'xl\/sharedStrings\.xml' would unpack to \d+ times its packed size \(\d+\.\d KB to 700\.0 MB\); at most 200 times is accepted$/,
    );
    expect(await datasetExists('bomb_book')).toBe(false);
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(256 * MB);
  });

  it('refuses a workbook whose directory understates a part, counting the bytes as they inflate', async () => {
    const liar = { ...sharedStringsBomb(700), declaredSize: 4000 };
    const answer = await upload('liar_book', withPart('xl/sharedStrings.xml', liar));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "'xl/sharedStrings.xml' unpacks to more than the 3.9 KB the archive declares",
    );
    expect(await datasetExists('liar_book')).toBe(false);
  });

  it('refuses a part the directory hides from the limits (422: not a workbook a reader can trust)', async () => {
    const archive = buildZip([...honest, bombFile('xl/worksheets/sheet2.xml', 700)], {
      unlisted: [honest.length],
    });
    const answer = await upload('hidden_book', archive);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      'Not a readable Excel file: Not a valid ZIP file: there are bytes between the last file and the central directory',
    );
    expect(await datasetExists('hidden_book')).toBe(false);
  });

  it('holds the parts read into memory to their own budget, and the whole archive to its limit', async () => {
    const limits = harness.ctx.config.zipLimits;
    const saved = { ...limits };
    try {
      // Shared strings of 1.5 MB that pack within the ratio: fine by the total, too much for memory.
      const text = Array.from({ length: 60_000 }, (_, i) => `<si><t>city ${(i * 7919) % 100_003}</t></si>`);
      const strings = deflatedFile('xl/sharedStrings.xml', `<sst>${text.join('')}</sst>`);
      limits.maxInMemoryBytes = MB;
      const memory = await upload('memory_book', withPart('xl/sharedStrings.xml', strings));
      expect(memory.status).toBe(400);
      expect(memory.body.message).toMatch(
        /^The files read into memory \(.*xl\/sharedStrings\.xml.*\) would unpack to 1\.5 MB; at most 1\.0 MB is accepted$/,
      );
      Object.assign(limits, saved);
      limits.maxUnpackedBytes = 1000;
      const large = await upload('large_book', buildZip(honest));
      expect(large.status).toBe(400);
      expect(large.body.message).toMatch(/^The archive would unpack to .+; at most 1000 bytes is accepted$/);
    } finally {
      Object.assign(limits, saved);
    }
    expect(await datasetExists('memory_book')).toBe(false);
    expect(await datasetExists('large_book')).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombFile, buildZip, deflatedFile, type TestZipFile } from '../../platform/zip/testZips.ts';
import { exportZip, multipart } from '../../testing/multipart.ts';
import { ADMIN, createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';

const MB = 1024 * 1024;

const METADATA = deflatedFile('export/metadata.yaml', 'version: 1.0.0\ntype: Dashboard\n');
const dashboardYaml = (uuid: string) =>
  deflatedFile(
    `export/dashboards/board_${uuid.slice(0, 4)}.yaml`,
    `uuid: ${uuid}\ndashboard_title: Imported\nposition: {}\nmetadata: {}\n`,
  );

describe('dashboard import: archive limits', () => {
  let harness: TestApp;
  let admin: Headers;

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await harness.loginAs(ADMIN.username, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  const importZip = async (files: TestZipFile[]) => {
    const body = multipart({}, exportZip(buildZip(files)));
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/import/',
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json(), size: body.payload.length };
  };
  const dashboardCount = async () =>
    Number(
      (
        await harness.ctx.metastore.db
          .selectFrom('dashboards')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Review finding: a 600 KB dashboard-import ZIP grew the server by 700 MB (no limit on unpacked size
  // or file count). The archive is refused from its central directory, before anything is inflated.
  it('refuses a 700 KB archive that unpacks to 700 MB without unpacking it', async () => {
    const before = await dashboardCount();
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const uuid = crypto.randomUUID();
    const answer = await importZip([
      METADATA,
      dashboardYaml(uuid),
      bombFile('export/dashboards/bomb.yaml', 700),
    ]);
    expect(answer.size).toBeLessThan(MB);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(
      /^'export\/dashboards\/bomb\.yaml' would unpack to \d+ times its packed size \(\d+\.\d KB to 700\.0 MB\); at most 200 times is accepted$/,
    );
    expect(await dashboardCount()).toBe(before);
    // The process's peak memory: unpacking would have added 700 MB and more.
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(256 * MB);
  });

  it('holds every inflated byte to the declared size when the directory lies', async () => {
    const before = await dashboardCount();
    const liar = { ...bombFile('export/dashboards/liar.yaml', 700), declaredSize: 2000 };
    const answer = await importZip([METADATA, dashboardYaml(crypto.randomUUID()), liar]);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "'export/dashboards/liar.yaml' unpacks to more than the 2.0 KB the archive declares",
    );
    expect(await dashboardCount()).toBe(before);
  });

  it('refuses too many files and too many unpacked bytes, as the settings say', async () => {
    const limits = harness.ctx.config.zipLimits;
    const saved = { ...limits };
    try {
      limits.maxEntries = 3;
      const files = [METADATA, ...Array.from({ length: 3 }, () => dashboardYaml(crypto.randomUUID()))];
      const many = await importZip(files);
      expect(many.status).toBe(400);
      expect(many.body.message).toBe('The archive holds 4 files; at most 3 are accepted');
      limits.maxEntries = saved.maxEntries;
      limits.maxInMemoryBytes = 100;
      const large = await importZip(files);
      expect(large.status).toBe(400);
      expect(large.body.message).toMatch(
        /^The archive would unpack to \d+ bytes; at most 100 bytes is accepted$/,
      );
    } finally {
      Object.assign(limits, saved);
    }
    const fine = await importZip([METADATA, dashboardYaml(crypto.randomUUID())]);
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });
});

import JSZip from 'jszip';
import { beforeAll, expect, it } from 'vitest';
import { insertDatabase } from '../testing/fixtures.ts';
import { exportZip, multipart } from '../testing/multipart.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../testing/testApp.ts';

/** Multipart stores read their fields in the handler, past the JSON hook: they apply the same rule. */
describeEachMetastore('control characters in uploads and imports', (harness) => {
  let admin: Headers;
  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
  });

  it('refuses a NUL in an upload’s table name with 400', async () => {
    const databaseId = await insertDatabase(harness(), {
      name: 'uploads',
      uri: 'duckdb:///uploads.duckdb?create=true',
      allowFileUpload: true,
    });
    const body = multipart(
      { type: 'csv', table_name: 'sales\u0000x' },
      { field: 'file', name: 'sales.csv', content: Buffer.from('a,b\n1,2\n') },
    );
    const response = await harness().app.inject({
      method: 'POST',
      url: `/api/v1/database/${databaseId}/upload/`,
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message.table_name).toEqual([
      'Must be one line, without tabs or control characters.',
    ]);
  });

  it('refuses an import whose YAML carries a NUL in a title, naming the file', async () => {
    const zip = new JSZip();
    zip.file('export/metadata.yaml', 'version: 1.0.0\ntype: Dashboard\n');
    zip.file(
      'export/dashboards/board.yaml',
      'dashboard_title: "Board\\0"\nuuid: 2f0e0b8e-1111-4111-8111-111111111111\n',
    );
    const body = multipart({}, exportZip(await zip.generateAsync({ type: 'nodebuffer' })));
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/import/',
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('dashboards/board.yaml');
    expect(JSON.stringify(response.json())).toContain('dashboard_title: Must be one line');
    const stored = await harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .select('id')
      .where('dashboard_title', 'like', 'Board%')
      .execute();
    expect(stored).toEqual([]);
  });
});

import { encodeRison } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const SECRETS = ['q-password-1', 'pk-secret-2', 'tok-secret-3', 'jwt-secret-4'];

/**
 * The review: a password given in a URI's query string was shown as written. Rows like these were
 * stored before the drivers' option lists refused such keys, and a driver may yet declare one.
 */
describeEachMetastore('secrets in a stored URI’s query string', (harness) => {
  let admin: Headers;
  const ids: number[] = [];
  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
    for (const [name, uri] of [
      ['pg-query-secret', `postgresql://reader@127.0.0.1:1/db?password=${SECRETS[0]}&application_name=v`],
      ['trino-key', `trino://reader@127.0.0.1:1/hive?private_key=${SECRETS[1]}&catalog=hive`],
      ['clickhouse-token', `clickhouse://127.0.0.1:1/default?access_token=${SECRETS[2]}`],
      ['pg-jwt', `postgresql://u:${SECRETS[3]}@127.0.0.1:1/db?jwt=${SECRETS[3]}`],
    ] as const) {
      ids.push(await insertDatabase(harness(), { name, uri }));
    }
  });

  const get = (url: string) => harness().app.inject({ url, headers: admin });

  it('masks them in the show, connection and list answers', async () => {
    const urls = [
      ...ids.flatMap((id) => [`/api/v1/database/${id}`, `/api/v1/database/${id}/connection`]),
      '/api/v1/database/',
      `/api/v1/database/?q=${encodeURIComponent(encodeRison({ columns: ['id', 'sqlalchemy_uri', 'parameters'] }))}`,
    ];
    for (const url of urls) {
      const response = await get(url);
      expect([200, 400], url).toContain(response.statusCode);
      for (const secret of SECRETS) expect(response.body, `${url} shows ${secret}`).not.toContain(secret);
    }
    const shown = (await get(`/api/v1/database/${ids[0]}`)).json().result;
    expect(shown.sqlalchemy_uri).toBe(
      'postgresql://reader@127.0.0.1:1/db?password=XXXXXXXXXX&application_name=v',
    );
    expect(shown.parameters.query).toEqual({ password: 'XXXXXXXXXX', application_name: 'v' });
    const token = (await get(`/api/v1/database/${ids[2]}`)).json().result;
    expect(token.sqlalchemy_uri).toBe('clickhouse://127.0.0.1:1/default?access_token=XXXXXXXXXX');
  });

  it('never stores the mask over the secret nor echoes the secret when the masked URI is sent back', async () => {
    const shown = (await get(`/api/v1/database/${ids[0]}`)).json().result;
    const response = await harness().app.inject({
      method: 'PUT',
      url: `/api/v1/database/${ids[0]}`,
      headers: admin,
      payload: { sqlalchemy_uri: shown.sqlalchemy_uri },
    });
    // The key itself is no longer one PostgreSQL's driver takes, so the write is refused by name…
    expect(response.statusCode).toBe(422);
    expect(response.json().message.sqlalchemy_uri.join(' ')).toContain('"password"');
    expect(response.body).not.toContain(SECRETS[0]);
    // …and the row still holds the secret it had: the mask never replaced it.
    const row = await harness()
      .ctx.metastore.db.selectFrom('databases')
      .select('sqlalchemy_uri')
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row.sqlalchemy_uri).toContain(`password=${SECRETS[0]}`);
  });
});

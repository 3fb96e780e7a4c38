import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES_DATABASE_NAME, examplesFilePath } from './examples/index.ts';
import type { AppContext } from './http/types.ts';
import { DEFAULT_ADMIN_PASSWORD } from './security/defaultPassword.ts';
import { hashPassword } from './security/passwords.ts';
import { ensureFirstAdmin, type Logger, loadExampleData, openContext } from './startup.ts';
import { ADMIN, createTestApp, type TestApp } from './testing/testApp.ts';

function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info: ${message}`),
    warn: (message) => lines.push(`warn: ${message}`),
    error: (message) => lines.push(`error: ${message}`),
  };
}

describe('start-up', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness.close());

  const withConfig = (config: Partial<AppContext['config']>): AppContext => ({
    ...harness.ctx,
    config: { ...harness.ctx.config, ...config },
  });
  const setPassword = async (username: string, password: string) =>
    harness.ctx.metastore.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('username', '=', username)
      .execute();

  it('refuses to start with a default chart type that is not registered, before opening anything', async () => {
    const config = {
      ...harness.ctx.config,
      exploreDefaults: { vizType: 'no_such_chart', timeFilter: 'No filter' },
    };
    await expect(openContext(config)).rejects.toThrow('VITRINA_DEFAULT_VIZ_TYPE:');
  });

  it('names the first admin neutrally, so home does not greet them by the product’s name', async () => {
    const admin = await harness.ctx.metastore.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ first_name: 'Admin', last_name: 'User' });
  });

  it('warns about the default password from the stored hash, whatever the environment says', async () => {
    // The review: an admin created with "admin" was not warned about once VITRINA_ADMIN_PASSWORD was set.
    await setPassword(ADMIN.username, DEFAULT_ADMIN_PASSWORD);
    const log = recorder();
    const found = await ensureFirstAdmin(withConfig({ adminPassword: 'a-strong-secret' }), log);
    expect(found).toEqual([ADMIN.username]);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^warn: The admin password is the default one \("admin"\)/),
    );
  });

  it('stays quiet once the stored password was changed, even with the default in the environment', async () => {
    await setPassword(ADMIN.username, ADMIN.password);
    const log = recorder();
    const found = await ensureFirstAdmin(withConfig({ adminPassword: DEFAULT_ADMIN_PASSWORD }), log);
    expect(found).toEqual([]);
    expect(log.lines.filter((line) => line.startsWith('warn:'))).toEqual([]);
  });

  it('names every active administrator still on the default password, and no one else', async () => {
    await harness.createUser({
      username: 'second-admin',
      password: DEFAULT_ADMIN_PASSWORD,
      roles: ['Admin'],
    });
    await harness.createUser({
      username: 'gamma-default',
      password: DEFAULT_ADMIN_PASSWORD,
      roles: ['Gamma'],
    });
    await harness.createUser({
      username: 'retired-admin',
      password: DEFAULT_ADMIN_PASSWORD,
      roles: ['Admin'],
      active: false,
    });
    expect(await ensureFirstAdmin(harness.ctx, recorder())).toEqual(['second-admin']);
  });

  it('honours VITRINA_LOAD_EXAMPLES=false: no example file, no examples database', async () => {
    const log = recorder();
    await loadExampleData(withConfig({ loadExamples: false }), log);
    expect(log.lines).toEqual(['info: Example data not loaded (VITRINA_LOAD_EXAMPLES=false)']);
    expect(fs.existsSync(examplesFilePath(harness.ctx.config.dataDir))).toBe(false);
    const examples = await harness.ctx.metastore.db
      .selectFrom('databases')
      .select('id')
      .where('database_name', '=', EXAMPLES_DATABASE_NAME)
      .execute();
    expect(examples).toEqual([]);
  });
});

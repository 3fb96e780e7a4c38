import { expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { nowIso } from './index.ts';
import { uniqueViolationColumns } from './uniqueViolation.ts';

describeEachMetastore('uniqueViolationColumns', (harness) => {
  const user = (username: string, email: string) => ({
    username,
    email,
    first_name: 'A',
    last_name: 'B',
    active: 1,
    password_hash: 'x',
    preferred_language: 'en',
    created_on: nowIso(),
    changed_on: nowIso(),
  });

  async function violation(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error('expected the write to fail');
  }

  it('names the column of a real unique-constraint error', async () => {
    const { db } = harness().ctx.metastore;
    await db.insertInto('users').values(user('uv', 'uv@example.com')).execute();
    const byName = await violation(() =>
      db.insertInto('users').values(user('uv', 'other@example.com')).execute(),
    );
    expect(uniqueViolationColumns(byName)).toEqual(['username']);
    const byEmail = await violation(() =>
      db.insertInto('users').values(user('uv2', 'uv@example.com')).execute(),
    );
    expect(uniqueViolationColumns(byEmail)).toEqual(['email']);
    const role = await violation(() =>
      db.insertInto('roles').values({ name: 'Admin', description: '' }).execute(),
    );
    expect(uniqueViolationColumns(role)).toEqual(['name']);
  });

  it('ignores other errors', async () => {
    const { db } = harness().ctx.metastore;
    const notNull = await violation(() =>
      db
        .insertInto('roles')
        .values({ name: null as unknown as string, description: '' })
        .execute(),
    );
    expect(uniqueViolationColumns(notNull)).toBeUndefined();
    expect(uniqueViolationColumns(new Error('boom'))).toBeUndefined();
    expect(uniqueViolationColumns(null)).toBeUndefined();
  });
});

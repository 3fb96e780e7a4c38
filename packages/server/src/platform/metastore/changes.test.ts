import { describe, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { MemoryEventBus } from '../events/memoryEventBus.ts';
import { MetastoreChanges, shareChanges } from './changes.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describeEachMetastore('metastore changes', (harness) => {
  async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = harness().ctx.metastore.changes.on((tables) => seen.push(...tables));
    try {
      await write();
    } finally {
      stop();
    }
    return seen;
  }

  it('reports writes to cached tables, in transactions too, and not reads or other tables', async () => {
    const { db } = harness().ctx.metastore;
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await changedBy(() => db.selectFrom('users').selectAll().execute())).toEqual([]);
    expect(
      await changedBy(() => db.updateTable('users').set({ active: 1 }).where('id', '=', admin.id).execute()),
    ).toEqual(['users']);
    expect(
      await changedBy(() =>
        db.transaction().execute((trx) => trx.deleteFrom('user_roles').where('user_id', '=', -1).execute()),
      ),
    ).toEqual(['user_roles']);
    expect(await changedBy(() => db.deleteFrom('logs').where('id', '=', -1).execute())).toEqual([]);
  });

  it('leaves out the writes that change nothing cached: last seen, sign-in counters, new sessions', async () => {
    const { db } = harness().ctx.metastore;
    const seen = await changedBy(async () => {
      await db
        .updateTable('user_sessions')
        .set({ last_seen_on: 'x', ip_address: null })
        .where('id', '=', '-')
        .execute();
      await db.updateTable('users').set({ last_login: null, login_count: 1 }).where('id', '=', -1).execute();
      await db.deleteFrom('user_sessions').where('id', '=', '-').execute();
    });
    expect(seen).toEqual([]);
    const ended = await changedBy(() =>
      db.updateTable('user_sessions').set({ revoked_on: 'now' }).where('id', '=', '-').execute(),
    );
    expect(ended).toEqual(['user_sessions']);
  });
});

describe('shareChanges', () => {
  it("hands one server's changes to the other through the event bus, not back to itself", async () => {
    const bus = new MemoryEventBus();
    const one = new MetastoreChanges();
    const two = new MetastoreChanges();
    await shareChanges(one, bus, (error) => {
      throw error;
    });
    await shareChanges(two, bus, (error) => {
      throw error;
    });
    const seenByOne: string[] = [];
    const seenByTwo: string[] = [];
    one.on((tables) => seenByOne.push(...tables));
    two.on((tables) => seenByTwo.push(...tables));
    await one.emit(['user_sessions'], true);
    await tick();
    expect(seenByOne).toEqual(['user_sessions']);
    expect(seenByTwo).toEqual(['user_sessions']);
    await bus.close();
  });
});

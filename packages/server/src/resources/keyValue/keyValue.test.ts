import { expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { createEntry, deleteEntry, readEntry, writeEntry } from './repo.ts';

describeEachMetastore('key-value store', (harness) => {
  it('gives a stored value back under its key and resource only', async () => {
    const db = harness().ctx.metastore.db;
    const value = { formData: { viz_type: 'table', title: 'Заказы' }, urlParams: [['a', 'b']] };
    const key = await createEntry(db, { resource: 'explore_permalink', value, createdBy: 1 });
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await readEntry(db, 'explore_permalink', key)).toEqual(value);
    expect(await readEntry(db, 'dashboard_permalink', key)).toBeUndefined();
    expect(await readEntry(db, 'explore_permalink', `${key}x`)).toBeUndefined();
    expect(await readEntry(db, 'explore_permalink', "x' or '1'='1")).toBeUndefined();
  });

  it('keys differ every time and expired entries are gone', async () => {
    const db = harness().ctx.metastore.db;
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++)
      keys.add(await createEntry(db, { resource: 'explore_permalink', value: i, createdBy: null }));
    expect(keys.size).toBe(20);
    const expired = await createEntry(db, {
      resource: 'explore_permalink',
      value: 'old',
      createdBy: null,
      expiresOn: '2000-01-01T00:00:00.000Z',
    });
    expect(await readEntry(db, 'explore_permalink', expired)).toBeUndefined();
    const later = await createEntry(db, {
      resource: 'explore_permalink',
      value: 'new',
      createdBy: null,
      expiresOn: '2999-01-01T00:00:00.000Z',
    });
    expect(await readEntry(db, 'explore_permalink', later)).toBe('new');
  });

  it('writes under a chosen key, replaces it for its kind only, and deletes it', async () => {
    const db = harness().ctx.metastore.db;
    const entry = { key: 'tab-key-1', createdBy: null, expiresOn: null } as const;
    await writeEntry(db, { ...entry, resource: 'dashboard_filter_state_tab', value: 'first' });
    await writeEntry(db, { ...entry, resource: 'dashboard_filter_state_tab', value: 'second' });
    expect(await readEntry(db, 'dashboard_filter_state_tab', 'tab-key-1')).toBe('second');
    // The same key of another kind does not overwrite it.
    await writeEntry(db, { ...entry, resource: 'dashboard_filter_state', value: 'other' });
    expect(await readEntry(db, 'dashboard_filter_state_tab', 'tab-key-1')).toBe('second');
    expect(await readEntry(db, 'dashboard_filter_state', 'tab-key-1')).toBeUndefined();
    await deleteEntry(db, 'dashboard_filter_state', 'tab-key-1');
    expect(await readEntry(db, 'dashboard_filter_state_tab', 'tab-key-1')).toBe('second');
    await deleteEntry(db, 'dashboard_filter_state_tab', 'tab-key-1');
    expect(await readEntry(db, 'dashboard_filter_state_tab', 'tab-key-1')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { defaultDatabaseId, replacementDatabaseId } from './sqlLabDatabases.ts';

describe('defaultDatabaseId', () => {
  const databases = [{ id: 7 }, { id: 3 }, { id: 12 }];

  it('is the configured database when SQL Lab offers it', () => {
    expect(defaultDatabaseId(databases, 12)).toBe(12);
  });

  it('is the lowest id without a configured one, or when the configured one is not offered', () => {
    expect(defaultDatabaseId(databases)).toBe(3);
    expect(defaultDatabaseId(databases, 99)).toBe(3);
  });

  it('is null without databases', () => {
    expect(defaultDatabaseId([], 12)).toBeNull();
  });
});

describe('replacementDatabaseId', () => {
  const offered = [{ id: 3 }, { id: 7 }];

  it('moves a tab without a database, or whose database is no longer offered, to the default', () => {
    expect(replacementDatabaseId(null, offered, 3)).toBe(3);
    expect(replacementDatabaseId(42, offered, 3)).toBe(3);
  });

  it('keeps an offered database, and waits for the list before judging', () => {
    expect(replacementDatabaseId(7, offered, 3)).toBeNull();
    expect(replacementDatabaseId(42, undefined, 3)).toBeNull();
    expect(replacementDatabaseId(null, offered, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { thumbnailDigest, thumbnailPath, thumbnailUrlFor } from './digest.ts';

const SOURCE = {
  kind: 'chart' as const,
  id: 12,
  changedOn: '2024-05-01T10:00:00.000Z',
  userId: 3,
  roles: ['Gamma', 'orders_reader'],
};

describe('thumbnailDigest', () => {
  it('is 32 hex digits and the same for the same picture', () => {
    expect(thumbnailDigest(SOURCE)).toMatch(/^[0-9a-f]{32}$/);
    expect(thumbnailDigest({ ...SOURCE })).toBe(thumbnailDigest(SOURCE));
  });

  it('changes with everything the picture depends on', () => {
    const digest = thumbnailDigest(SOURCE);
    expect(thumbnailDigest({ ...SOURCE, id: 13 })).not.toBe(digest);
    expect(thumbnailDigest({ ...SOURCE, kind: 'dashboard' })).not.toBe(digest);
    expect(thumbnailDigest({ ...SOURCE, changedOn: '2024-05-01T10:00:00.001Z' })).not.toBe(digest);
    // Drawn with the viewer's rights: another viewer never gets this viewer's picture.
    expect(thumbnailDigest({ ...SOURCE, userId: 4 })).not.toBe(digest);
    // A role more or less may change what the viewer sees.
    expect(thumbnailDigest({ ...SOURCE, roles: ['Gamma'] })).not.toBe(digest);
  });

  it('does not depend on the order of the roles', () => {
    expect(thumbnailDigest({ ...SOURCE, roles: ['orders_reader', 'Gamma'] })).toBe(thumbnailDigest(SOURCE));
  });

  it('keeps fields apart, so no two sources run together', () => {
    expect(thumbnailDigest({ ...SOURCE, id: 1, userId: 23 })).not.toBe(
      thumbnailDigest({ ...SOURCE, id: 12, userId: 3 }),
    );
  });
});

describe('thumbnailUrlFor', () => {
  it("is the API path of the viewer's current picture", () => {
    const row = { id: 12, changed_on: SOURCE.changedOn };
    expect(thumbnailUrlFor({ userId: 3, roles: SOURCE.roles }, 'chart', row)).toBe(
      thumbnailPath('chart', 12, thumbnailDigest(SOURCE)),
    );
    expect(thumbnailPath('dashboard', 5, 'abc')).toBe('/api/v1/dashboard/5/thumbnail/abc/');
  });

  it('is null when thumbnails are off', () => {
    expect(thumbnailUrlFor(null, 'chart', { id: 12, changed_on: SOURCE.changedOn })).toBeNull();
  });
});

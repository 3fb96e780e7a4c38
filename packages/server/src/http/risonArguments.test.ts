import { describe, expect, it } from 'vitest';
import {
  booleansAsNumbers,
  decodeQ,
  idsArgument,
  infoArguments,
  relatedArguments,
  risonArgs,
  showArguments,
} from './risonArguments.ts';

const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { status: (error as { statusCode?: number }).statusCode, message: (error as Error).message };
  }
  return null;
};

describe('rison q arguments', () => {
  it('decodes q, absent as undefined, and refuses text that is not rison', () => {
    expect(decodeQ(undefined)).toBeUndefined();
    expect(decodeQ('')).toBeUndefined();
    expect(decodeQ('(a:1)')).toEqual({ a: 1 });
    expect(refused(() => decodeQ('(a:'))).toEqual({ status: 400, message: 'Not a valid rison argument' });
  });

  it('reads id lists', () => {
    expect(idsArgument('!(1,2)')).toEqual([1, 2]);
    expect(refused(() => idsArgument('!()'))?.status).toBe(400);
    expect(refused(() => idsArgument('!(a)'))?.status).toBe(400);
  });

  it('reads related-field paging with defaults and a capped page size', () => {
    expect(relatedArguments(undefined)).toEqual({ filter: '', page: 0, pageSize: 20, includeIds: [] });
    expect(relatedArguments('(filter:ab,page:1,page_size:5,include_ids:!(3))')).toEqual({
      filter: 'ab',
      page: 1,
      pageSize: 5,
      includeIds: [3],
    });
    expect(refused(() => relatedArguments('(page:-1)'))?.status).toBe(400);
  });

  it('checks show columns and keys, and _info keys', () => {
    expect(showArguments('(columns:!(id,owners.id))', ['id', 'owners.id'])).toEqual({
      columns: ['id', 'owners.id'],
      keys: 'all',
    });
    expect(refused(() => showArguments('(columns:!(secret))', ['id']))?.status).toBe(400);
    expect(infoArguments('(keys:!(permissions))')).toEqual(['permissions']);
  });

  it('reads a browsing call q as an object', () => {
    expect(risonArgs(undefined)).toEqual({});
    expect(risonArgs('(force:!t)')).toEqual({ force: true });
    expect(refused(() => risonArgs('!(1)'))?.message).toContain('q must be an object');
  });

  it('passes boolean filters on numeric columns as 1/0', () => {
    expect(booleansAsNumbers('(filters:!((col:id,opr:x,value:!t)))', ['x'])).toBe(
      '(filters:!((col:id,opr:x,value:1)))',
    );
    expect(booleansAsNumbers('(page:0)', ['x'])).toBe('(page:0)');
  });
});

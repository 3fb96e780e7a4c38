import { describe, expect, it } from 'vitest';
import { applyLimit, stripOuterComments, topLevelLimit } from './sqlText.ts';

describe('limits', () => {
  it('reads the top-level LIMIT only', () => {
    expect(topLevelLimit('SELECT * FROM t LIMIT 50')).toBe(50);
    expect(topLevelLimit('SELECT * FROM (SELECT * FROM t LIMIT 5) s')).toBeNull();
    expect(topLevelLimit('WITH a AS (SELECT 1 LIMIT 3) SELECT * FROM a')).toBeNull();
    expect(topLevelLimit("SELECT 'LIMIT 7' AS x")).toBeNull();
    expect(topLevelLimit('SELECT * FROM t -- LIMIT 9')).toBeNull();
    expect(topLevelLimit('SELECT * FROM t LIMIT 10, 20')).toBe(20);
  });

  it('replaces the number of a top-level LIMIT', () => {
    expect(applyLimit('SELECT * FROM t LIMIT 50', 11)).toEqual({
      sql: 'SELECT * FROM t LIMIT 11',
      sqlLimit: 50,
    });
    expect(applyLimit('select * from t limit 10 offset 5', 1001).sql).toBe(
      'select * from t limit 1001 offset 5',
    );
    expect(applyLimit('SELECT * FROM t LIMIT 10, 20', 6).sql).toBe('SELECT * FROM t LIMIT 10, 6');
  });

  it('appends a LIMIT when the statement has none of its own', () => {
    expect(applyLimit('SELECT * FROM (SELECT * FROM t LIMIT 5) s', 101)).toEqual({
      sql: 'SELECT * FROM (SELECT * FROM t LIMIT 5) s\nLIMIT 101',
      sqlLimit: null,
    });
    expect(applyLimit('WITH a AS (SELECT * FROM t LIMIT 3) SELECT * FROM a', 11).sql).toBe(
      'WITH a AS (SELECT * FROM t LIMIT 3) SELECT * FROM a\nLIMIT 11',
    );
    expect(applyLimit("SELECT 'LIMIT 7' AS x -- note", 11).sql).toBe("SELECT 'LIMIT 7' AS x\nLIMIT 11");
  });

  it('wraps statements whose own limit is not a plain number', () => {
    for (const sql of [
      'SELECT * FROM t LIMIT ALL',
      'SELECT * FROM t OFFSET 5',
      'SELECT * FROM t FETCH FIRST 3 ROWS ONLY',
      '(SELECT 1) UNION (SELECT 2)',
    ]) {
      expect(applyLimit(sql, 11).sql).toBe(`SELECT * FROM (\n${sql}\n) AS inner_qry\nLIMIT 11`);
    }
  });

  it('leaves ClickHouse LIMIT … BY alone', () => {
    expect(applyLimit('SELECT * FROM t LIMIT 1 BY a', 11).sql).toBe('SELECT * FROM t LIMIT 1 BY a\nLIMIT 11');
  });

  it('strips outer comments only', () => {
    expect(stripOuterComments('-- a\nSELECT /* b */ 1 -- c')).toBe('SELECT /* b */ 1');
  });
});

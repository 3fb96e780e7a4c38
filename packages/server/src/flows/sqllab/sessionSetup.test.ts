import { describe, expect, it } from 'vitest';
import { sessionSetupStatements } from './sessionSetup.ts';

describe('sessionSetupStatements', () => {
  it('keeps settings, temporary objects and writes into them, in order', () => {
    const script = [
      "SET search_path TO 'sales'",
      'CREATE TEMP TABLE picked (id int)',
      'INSERT INTO picked VALUES (1), (2)',
      'CREATE OR REPLACE TEMPORARY VIEW "Recent" AS SELECT 1',
      'SELECT * FROM picked',
    ];
    expect(sessionSetupStatements(script, 4)).toEqual(script.slice(0, 4));
  });

  it('leaves out statements with lasting effects, plain reads and what follows the result', () => {
    const script = [
      'INSERT INTO orders VALUES (1)',
      'CREATE TABLE kept AS SELECT 1',
      'SELECT 1',
      'use analytics',
      'SELECT * FROM orders',
      'SET x = 1',
    ];
    expect(sessionSetupStatements(script, 4)).toEqual(['use analytics']);
    expect(sessionSetupStatements(script, -1)).toEqual([]);
  });

  it('replays writes to a temporary table named with its schema or quotes', () => {
    const script = [
      'CREATE TEMP TABLE IF NOT EXISTS "Scratch" (id int)',
      'insert into temp."Scratch" select 1',
      'DELETE FROM scratch_other',
      'SELECT * FROM "Scratch"',
    ];
    expect(sessionSetupStatements(script, 3)).toEqual(script.slice(0, 2));
  });
});

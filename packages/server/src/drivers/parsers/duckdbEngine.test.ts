import { describe, expect, it } from 'vitest';
import { countStatements, parserLaneLoad, serialize } from './duckdbEngine.ts';
import { SqlParseError } from './types.ts';

describe('the DuckDB parse-only engine', () => {
  it('gives each caller a tree of its own, also when the answer was kept', async () => {
    const sql = 'SELECT a FROM t WHERE b = 1';
    const first = await serialize(sql);
    if (!first.ok) throw new Error('expected a tree');
    (first.statements[0] as Record<string, unknown>).node = 'changed by the first caller';
    const second = await serialize(sql);
    expect(second.ok).toBe(true);
    expect(JSON.stringify(second)).not.toContain('changed by the first caller');
    expect(JSON.stringify(second)).toContain('SELECT_NODE');
  });

  it('says a non-SELECT is not one, and keeps saying it', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await serialize('DELETE FROM t');
      expect(answer).toMatchObject({ ok: false, notSelect: true });
    }
  });

  it('refuses unreadable text with the same message every time', async () => {
    const messages: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const refusal = await countStatements('SELEC 1 FROM').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(SqlParseError);
      messages.push((refusal as Error).message);
    }
    expect(messages[0]).toMatch(/syntax error/i);
    expect(messages[1]).toBe(messages[0]);
  });

  it('counts statements, long scripts included', async () => {
    expect(await countStatements('SELECT 1; SELECT 2')).toBe(2);
    const long = Array.from({ length: 5000 }, (_, index) => `SELECT ${index} AS c${index}`).join(';\n');
    expect(long.length).toBeGreaterThan(64 * 1024);
    expect(await countStatements(long)).toBe(5000);
  });

  it('parses new texts side by side on several connections, and a text once while it is being parsed', async () => {
    await serialize('SELECT 0 AS warm');
    const texts = Array.from({ length: 8 }, (_, index) => `SELECT ${index} AS side_by_side_${index}`);
    const answers = Promise.all([...texts, texts[0] as string].map((text) => serialize(text)));
    // Eight new texts on four lanes, two each; the repeated text joined its first call.
    expect(parserLaneLoad()).toEqual([2, 2, 2, 2]);
    const trees = await answers;
    expect(trees.every((tree) => tree.ok)).toBe(true);
    expect(JSON.stringify(trees[8])).toBe(JSON.stringify(trees[0]));
    expect(parserLaneLoad()).toEqual([0, 0, 0, 0]);
  });

  it('counts a text it has serialized without another call into the engine', async () => {
    const sql = 'SELECT 41 AS counted_by_its_tree; SELECT 42';
    await serialize(sql);
    const counted = countStatements(sql);
    expect(parserLaneLoad().every((waiting) => waiting === 0)).toBe(true);
    expect(await counted).toBe(2);
    const asked = countStatements('SELECT 43 AS never_serialized');
    expect(parserLaneLoad().some((waiting) => waiting > 0)).toBe(true);
    expect(await asked).toBe(1);
  });
});

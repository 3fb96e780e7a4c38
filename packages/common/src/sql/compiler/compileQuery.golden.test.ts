import { describe, expect, it } from 'vitest';
import { normalizeQueryObject } from '../../query/normalize.ts';
import { dialects } from '../dialects/index.ts';
import { ENGINES } from '../engines.ts';
import { CASES_NOW, SALES_CASES, salesDataset, virtualSalesDataset } from './__fixtures__/salesCases.ts';
import { compileQuery } from './compileQuery.ts';

/**
 * Golden SQL: every case of the shared table through every dialect, one file per case under
 * __golden__ (review a change with `vitest -u` and the diff). The server's compilerConformance test
 * runs the same cases on real engines.
 */
const OPERATOR_WORDS: Array<[string, string]> = [
  ['==', 'eq'],
  ['!=', 'ne'],
  ['<=', 'le'],
  ['>=', 'ge'],
  ['<', 'lt'],
  ['>', 'gt'],
];

function fileName(name: string): string {
  const words = OPERATOR_WORDS.reduce((text, [symbol, word]) => text.replaceAll(symbol, word), name);
  return `./__golden__/${words.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}.sql`;
}

describe('compileQuery golden SQL', () => {
  it.each(SALES_CASES)('$name', async (testCase) => {
    const query = normalizeQueryObject(testCase.query);
    const dataset = testCase.virtual ? virtualSalesDataset('sales') : salesDataset('sales', 'public');
    const sections = ENGINES.map((engine) => {
      const { sql, params } = compileQuery(query, dataset, dialects[engine], {
        now: CASES_NOW,
        rlsClauses: testCase.rlsClauses ?? [],
      });
      return `-- ${engine}\n${sql}\n-- params: ${JSON.stringify(params)}\n`;
    });
    await expect(sections.join('\n')).toMatchFileSnapshot(fileName(testCase.name));
  });
});

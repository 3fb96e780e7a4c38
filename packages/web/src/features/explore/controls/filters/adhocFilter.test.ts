import { describe, expect, it } from 'vitest';
import { offersLatestPartition } from '../shared/datasetNames.ts';
import { splitPastedValues } from '../shared/splitValues.ts';
import { DATASET } from '../testing.tsx';
import {
  buildFilter,
  comparatorFor,
  type FilterDraft,
  filterDraft,
  filterLabel,
  type OperatorId,
  operatorIdOf,
  operatorsFor,
} from './adhocFilter.ts';

const columnOf = (name: string) => DATASET.columns.find((column) => column.column_name === name);

function draft(subject: string, operatorId: OperatorId, comparator: FilterDraft['comparator']): FilterDraft {
  return { ...filterDraft(null, DATASET), filterOptionName: 'filter_x', subject, operatorId, comparator };
}

describe('adhoc filters', () => {
  it('builds one-value comparisons with Superset operators', () => {
    expect(buildFilter(draft('country', 'EQUALS', 'FR'), DATASET)).toEqual({
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'country',
      operator: '==',
      operatorId: 'EQUALS',
      comparator: 'FR',
      filterOptionName: 'filter_x',
    });
    expect(buildFilter(draft('country', 'NOT_EQUALS', 'FR'), DATASET)).toMatchObject({ operator: '!=' });
    expect(buildFilter(draft('country', 'ILIKE', '%fr%'), DATASET)).toMatchObject({
      operator: 'ILIKE',
      comparator: '%fr%',
    });
  });

  it('turns typed numbers into numbers for numeric columns only', () => {
    expect(buildFilter(draft('revenue', 'GREATER_THAN_OR_EQUAL', '10.5'), DATASET)).toMatchObject({
      operator: '>=',
      comparator: 10.5,
    });
    expect(buildFilter(draft('country', 'EQUALS', '10'), DATASET)).toMatchObject({ comparator: '10' });
  });

  it('builds IN and NOT IN lists, dropping empty entries', () => {
    expect(buildFilter(draft('country', 'IN', ['FR', '', 'DE']), DATASET)).toMatchObject({
      operator: 'IN',
      operatorId: 'IN',
      comparator: ['FR', 'DE'],
    });
    expect(buildFilter(draft('revenue', 'NOT_IN', ['1', '2']), DATASET)).toMatchObject({
      operator: 'NOT IN',
      comparator: [1, 2],
    });
    expect(buildFilter(draft('country', 'IN', []), DATASET)).toBeNull();
  });

  it('builds pasted values into an IN list', () => {
    const pasted = splitPastedValues('FR, DE\nIT\tES;FR;;');
    expect(pasted).toEqual(['FR', 'DE', 'IT', 'ES']);
    expect(buildFilter(draft('country', 'IN', pasted), DATASET)).toMatchObject({ comparator: pasted });
  });

  it('builds unary and boolean tests as Superset stores them', () => {
    const notNull = buildFilter(draft('country', 'IS_NOT_NULL', null), DATASET);
    expect(notNull).toMatchObject({ operator: 'IS NOT NULL', operatorId: 'IS_NOT_NULL' });
    expect(notNull).not.toHaveProperty('comparator');
    expect(buildFilter(draft('country', 'IS_NULL', null), DATASET)).toMatchObject({ operator: 'IS NULL' });
    expect(buildFilter(draft('is_paid', 'IS_TRUE', null), DATASET)).toMatchObject({
      operator: '==',
      operatorId: 'IS_TRUE',
      comparator: true,
    });
    expect(buildFilter(draft('is_paid', 'IS_FALSE', null), DATASET)).toMatchObject({ comparator: false });
  });

  it('builds a time range filter, No filter by default', () => {
    expect(buildFilter(draft('order_ts', 'TEMPORAL_RANGE', null), DATASET)).toMatchObject({
      operator: 'TEMPORAL_RANGE',
      operatorId: 'TEMPORAL_RANGE',
      comparator: 'No filter',
    });
    expect(buildFilter(draft('order_ts', 'TEMPORAL_RANGE', 'Last week'), DATASET)).toMatchObject({
      comparator: 'Last week',
    });
  });

  it('builds custom SQL for WHERE and HAVING', () => {
    const sql = { ...filterDraft(null, DATASET), tab: 'SQL' as const, clause: 'HAVING' as const };
    expect(buildFilter({ ...sql, sqlExpression: ' SUM(revenue) > 100 ' }, DATASET)).toMatchObject({
      expressionType: 'SQL',
      clause: 'HAVING',
      sqlExpression: 'SUM(revenue) > 100',
    });
    expect(buildFilter({ ...sql, sqlExpression: '' }, DATASET)).toBeNull();
  });

  it('offers operators by column type', () => {
    expect(operatorsFor(columnOf('order_ts'))).toContain('TEMPORAL_RANGE');
    expect(operatorsFor(columnOf('country'))).not.toContain('TEMPORAL_RANGE');
    expect(operatorsFor(columnOf('country'))).toContain('ILIKE');
    expect(operatorsFor(columnOf('revenue'))).not.toContain('LIKE');
    expect(operatorsFor(columnOf('is_paid'))).toEqual(expect.arrayContaining(['IS_TRUE', 'IS_FALSE']));
    expect(operatorsFor(columnOf('revenue'))).not.toContain('IS_TRUE');
  });

  it('starts a dropped column with a time range or a list', () => {
    expect(filterDraft(null, DATASET, { column: 'order_ts' })).toMatchObject({
      operatorId: 'TEMPORAL_RANGE',
      comparator: 'No filter',
    });
    expect(filterDraft(null, DATASET, { column: 'country' })).toMatchObject({
      operatorId: 'IN',
      comparator: [],
    });
  });

  it('keeps entered values when the operator changes between one and many', () => {
    expect(comparatorFor('IN', 'FR')).toEqual(['FR']);
    expect(comparatorFor('EQUALS', ['FR', 'DE'])).toBe('FR');
    expect(comparatorFor('IS_NULL', 'FR')).toBeNull();
  });

  it('reads operators of filters saved without operatorId', () => {
    expect(operatorIdOf({ operator: '==', comparator: 'x' })).toBe('EQUALS');
    expect(operatorIdOf({ operator: 'not in' })).toBe('NOT_IN');
    expect(operatorIdOf({ operator: '==', comparator: false })).toBe('IS_FALSE');
    expect(operatorIdOf({ operator: '<>' })).toBe('NOT_EQUALS');
  });

  it('labels chips like Superset', () => {
    const label = (d: FilterDraft) => {
      const filter = buildFilter(d, DATASET);
      if (!filter) throw new Error('incomplete');
      return filterLabel(filter);
    };
    expect(label(draft('order_ts', 'TEMPORAL_RANGE', 'No filter'))).toBe('order_ts (No filter)');
    expect(label(draft('country', 'IN', ['FR', 'DE']))).toBe('country IN (FR, DE)');
    expect(label(draft('revenue', 'GREATER_THAN', '10'))).toBe('revenue > 10');
    expect(label(draft('country', 'IS_NOT_NULL', null))).toBe('country IS NOT NULL');
    expect(label(draft('is_paid', 'IS_TRUE', null))).toBe('is_paid IS TRUE');
    expect(filterLabel({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: "a = 'b'" })).toBe("a = 'b'");
  });

  describe('the latest partition', () => {
    const partitioned = {
      ...DATASET,
      database: { ...DATASET.database, backend: 'postgresql' },
      columns: DATASET.columns.map((column) =>
        column.column_name === 'order_ts' ? { ...column, extra: '{"partition_key": true}' } : column,
      ),
    };
    const ds = (name: string) => partitioned.columns.find((column) => column.column_name === name);

    it('is offered only for a partition key of a physical dataset on an engine with partitions', () => {
      expect(offersLatestPartition(partitioned, ds('order_ts'))).toBe(true);
      expect(offersLatestPartition(partitioned, ds('country'))).toBe(false);
      expect(offersLatestPartition({ ...partitioned, database: DATASET.database }, ds('order_ts'))).toBe(
        false,
      );
      expect(offersLatestPartition({ ...partitioned, sql: 'SELECT 1' }, ds('order_ts'))).toBe(false);
      expect(
        offersLatestPartition(partitioned, { ...ds('order_ts')!, expression: 'CAST(order_ts AS DATE)' }),
      ).toBe(false);
      expect(operatorsFor(ds('order_ts'), true)).toContain('LATEST_PARTITION');
      expect(operatorsFor(ds('order_ts'))).not.toContain('LATEST_PARTITION');
    });

    it('takes no value and is stored as Superset names it', () => {
      expect(comparatorFor('LATEST_PARTITION', ['x'])).toBeNull();
      const filter = buildFilter(draft('order_ts', 'LATEST_PARTITION', null), partitioned);
      expect(filter).toEqual({
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'order_ts',
        operator: 'LATEST PARTITION',
        operatorId: 'LATEST_PARTITION',
        filterOptionName: 'filter_x',
      });
      expect(operatorIdOf({ operator: 'LATEST PARTITION' })).toBe('LATEST_PARTITION');
    });

    it('reads as words in the chip, in the language given', () => {
      const filter = buildFilter(draft('order_ts', 'LATEST_PARTITION', null), partitioned)!;
      expect(filterLabel(filter)).toBe('order_ts = latest partition');
      expect(filterLabel(filter, undefined, 'последняя партиция')).toBe('order_ts = последняя партиция');
    });
  });
});

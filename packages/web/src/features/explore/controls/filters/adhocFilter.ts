/**
 * Adhoc filters as explore stores them (Superset's shape): the operators the Simple tab offers, which of
 * them suit a column, the filter a draft describes, and the label its chip shows.
 */
import { type AdhocFilter, type ExploreDataset, NO_TIME_RANGE } from '@vitrina/common';
import { newOptionName } from '../metrics/adhocMetric.ts';
import {
  type DatasetColumn,
  findColumn,
  isBoolean,
  isNumeric,
  isString,
  isTemporal,
} from '../shared/datasetNames.ts';

export type OperatorId =
  | 'EQUALS'
  | 'NOT_EQUALS'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'IN'
  | 'NOT_IN'
  | 'LIKE'
  | 'ILIKE'
  | 'IS_NOT_NULL'
  | 'IS_NULL'
  | 'IS_TRUE'
  | 'IS_FALSE'
  | 'LATEST_PARTITION'
  | 'TEMPORAL_RANGE';

export interface OperatorSpec {
  /** What Superset writes in `operator` for it. */
  operation: string;
  /** How the chip shows it. */
  sql: string;
  labelKey: string;
  /** `partition` takes no value, like `unary`, and reads as words in the chip. */
  kind: 'single' | 'multi' | 'unary' | 'boolean' | 'partition' | 'temporal';
}

export const OPERATORS: Record<OperatorId, OperatorSpec> = {
  EQUALS: { operation: '==', sql: '=', labelKey: 'controls.filter.operators.equals', kind: 'single' },
  NOT_EQUALS: { operation: '!=', sql: '≠', labelKey: 'controls.filter.operators.notEquals', kind: 'single' },
  LESS_THAN: { operation: '<', sql: '<', labelKey: 'controls.filter.operators.lessThan', kind: 'single' },
  LESS_THAN_OR_EQUAL: {
    operation: '<=',
    sql: '<=',
    labelKey: 'controls.filter.operators.lessOrEqual',
    kind: 'single',
  },
  GREATER_THAN: {
    operation: '>',
    sql: '>',
    labelKey: 'controls.filter.operators.greaterThan',
    kind: 'single',
  },
  GREATER_THAN_OR_EQUAL: {
    operation: '>=',
    sql: '>=',
    labelKey: 'controls.filter.operators.greaterOrEqual',
    kind: 'single',
  },
  IN: { operation: 'IN', sql: 'IN', labelKey: 'controls.filter.operators.in', kind: 'multi' },
  NOT_IN: { operation: 'NOT IN', sql: 'NOT IN', labelKey: 'controls.filter.operators.notIn', kind: 'multi' },
  LIKE: { operation: 'LIKE', sql: 'LIKE', labelKey: 'controls.filter.operators.like', kind: 'single' },
  ILIKE: { operation: 'ILIKE', sql: 'ILIKE', labelKey: 'controls.filter.operators.ilike', kind: 'single' },
  IS_NOT_NULL: {
    operation: 'IS NOT NULL',
    sql: 'IS NOT NULL',
    labelKey: 'controls.filter.operators.isNotNull',
    kind: 'unary',
  },
  IS_NULL: {
    operation: 'IS NULL',
    sql: 'IS NULL',
    labelKey: 'controls.filter.operators.isNull',
    kind: 'unary',
  },
  // Superset writes the boolean tests as `== true` / `== false` with their own operatorId.
  IS_TRUE: { operation: '==', sql: 'IS TRUE', labelKey: 'controls.filter.operators.isTrue', kind: 'boolean' },
  IS_FALSE: {
    operation: '==',
    sql: 'IS FALSE',
    labelKey: 'controls.filter.operators.isFalse',
    kind: 'boolean',
  },
  LATEST_PARTITION: {
    operation: 'LATEST PARTITION',
    sql: 'LATEST PARTITION',
    labelKey: 'controls.filter.operators.latestPartition',
    kind: 'partition',
  },
  TEMPORAL_RANGE: {
    operation: 'TEMPORAL_RANGE',
    sql: 'TEMPORAL_RANGE',
    labelKey: 'controls.filter.operators.temporalRange',
    kind: 'temporal',
  },
};

export const OPERATOR_IDS = Object.keys(OPERATORS) as OperatorId[];

/**
 * The operators that make sense for a column, in the order the Simple tab lists them. `latestPartition`:
 * the column is a partition key the filter may use (offersLatestPartition).
 */
export function operatorsFor(column: DatasetColumn | undefined, latestPartition = false): OperatorId[] {
  return OPERATOR_IDS.filter((id) => {
    if (id === 'TEMPORAL_RANGE') return isTemporal(column);
    if (id === 'LATEST_PARTITION') return latestPartition;
    if (id === 'IS_TRUE' || id === 'IS_FALSE') return isBoolean(column);
    // Pattern matching is for text (and columns of unknown type).
    if (id === 'LIKE' || id === 'ILIKE') return !column || column.type_generic === null || isString(column);
    return true;
  });
}

/** The operator a newly chosen column starts with: a time range for time, a list for the rest. */
export function defaultOperator(column: DatasetColumn | undefined): OperatorId {
  if (isTemporal(column)) return 'TEMPORAL_RANGE';
  return 'IN';
}

/** The operatorId of a saved filter, read from operatorId, else from its operator (older form data). */
export function operatorIdOf(filter: {
  operator: string;
  operatorId?: string;
  comparator?: unknown;
}): OperatorId | null {
  if (filter.operatorId && filter.operatorId in OPERATORS) return filter.operatorId as OperatorId;
  const operator = filter.operator.trim().toUpperCase();
  if ((operator === '==' || operator === '=') && typeof filter.comparator === 'boolean')
    return filter.comparator ? 'IS_TRUE' : 'IS_FALSE';
  if (operator === 'IS TRUE') return 'IS_TRUE';
  if (operator === 'IS FALSE') return 'IS_FALSE';
  const byOperation = OPERATOR_IDS.find(
    (id) => OPERATORS[id].kind !== 'boolean' && OPERATORS[id].operation === operator,
  );
  if (byOperation) return byOperation;
  if (operator === '=') return 'EQUALS';
  if (operator === '<>') return 'NOT_EQUALS';
  return null;
}

export type FilterTab = 'SIMPLE' | 'SQL';
export type FilterScalar = string | number | boolean | null;

export interface FilterDraft {
  tab: FilterTab;
  subject: string | null;
  operatorId: OperatorId | null;
  /** One value, a list (IN / NOT IN), or a time range string (TEMPORAL_RANGE). */
  comparator: FilterScalar | FilterScalar[];
  clause: 'WHERE' | 'HAVING';
  sqlExpression: string;
  filterOptionName: string;
}

function blankDraft(): FilterDraft {
  return {
    tab: 'SIMPLE',
    subject: null,
    operatorId: null,
    comparator: null,
    clause: 'WHERE',
    sqlExpression: '',
    filterOptionName: newOptionName('filter'),
  };
}

/** What a seed (a dropped column or metric) starts the editor with. */
export type FilterSeed = { column: string } | { metricSql: string };

/** The comparator a new operator starts with, keeping what the user entered where it still fits. */
export function comparatorFor(
  operatorId: OperatorId,
  previous: FilterDraft['comparator'],
): FilterDraft['comparator'] {
  const kind = OPERATORS[operatorId].kind;
  const list = Array.isArray(previous) ? previous : previous === null || previous === '' ? [] : [previous];
  switch (kind) {
    case 'unary':
    case 'partition':
      return null;
    case 'boolean':
      return operatorId === 'IS_TRUE';
    case 'temporal':
      return typeof previous === 'string' && previous !== '' ? previous : NO_TIME_RANGE;
    case 'multi':
      return list.filter((item) => typeof item !== 'boolean');
    case 'single': {
      const first = list[0];
      return first === undefined || typeof first === 'boolean' ? null : first;
    }
  }
}

export function filterDraft(
  filter: AdhocFilter | null,
  datasource: ExploreDataset,
  seed?: FilterSeed,
): FilterDraft {
  const blank = blankDraft();
  if (filter === null) {
    if (!seed) return blank;
    if ('metricSql' in seed) return { ...blank, tab: 'SQL', clause: 'HAVING', sqlExpression: seed.metricSql };
    const operatorId = defaultOperator(findColumn(datasource, seed.column));
    return { ...blank, subject: seed.column, operatorId, comparator: comparatorFor(operatorId, null) };
  }
  const filterOptionName = filter.filterOptionName ?? blank.filterOptionName;
  if (filter.expressionType === 'SQL')
    return {
      ...blank,
      tab: 'SQL',
      clause: filter.clause,
      sqlExpression: filter.sqlExpression,
      filterOptionName,
    };
  const operatorId = operatorIdOf(filter);
  const comparator = filter.comparator as FilterDraft['comparator'] | undefined;
  return {
    ...blank,
    subject: filter.subject,
    operatorId,
    comparator: operatorId ? comparatorFor(operatorId, comparator ?? null) : (comparator ?? null),
    filterOptionName,
  };
}

/** Typed text as a comparator: a number for numeric columns when it reads as one, else the text. */
export function coerceValue(value: FilterScalar, column: DatasetColumn | undefined): FilterScalar {
  if (typeof value !== 'string' || !isNumeric(column)) return value;
  const trimmed = value.trim();
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : value;
}

function hasValue(value: FilterScalar | undefined): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The adhoc filter a draft describes, or null while it is incomplete (Save stays disabled). */
export function buildFilter(draft: FilterDraft, datasource: ExploreDataset): AdhocFilter | null {
  if (draft.tab === 'SQL') {
    const sqlExpression = draft.sqlExpression.trim();
    if (!sqlExpression) return null;
    return {
      expressionType: 'SQL',
      clause: draft.clause,
      sqlExpression,
      filterOptionName: draft.filterOptionName,
    };
  }
  if (!draft.subject || !draft.operatorId) return null;
  const spec = OPERATORS[draft.operatorId];
  const column = findColumn(datasource, draft.subject);
  const base = {
    expressionType: 'SIMPLE' as const,
    clause: 'WHERE' as const,
    subject: draft.subject,
    operator: spec.operation,
    operatorId: draft.operatorId,
    filterOptionName: draft.filterOptionName,
  };
  switch (spec.kind) {
    case 'unary':
    case 'partition':
      return base;
    case 'boolean':
      return { ...base, comparator: draft.operatorId === 'IS_TRUE' };
    case 'temporal':
      return {
        ...base,
        comparator:
          typeof draft.comparator === 'string' && draft.comparator ? draft.comparator : NO_TIME_RANGE,
      };
    case 'multi': {
      const values = (Array.isArray(draft.comparator) ? draft.comparator : [draft.comparator])
        .filter(hasValue)
        .map((value) => coerceValue(value, column));
      return values.length > 0 ? { ...base, comparator: values } : null;
    }
    case 'single': {
      const value = Array.isArray(draft.comparator) ? draft.comparator[0] : draft.comparator;
      return hasValue(value) ? { ...base, comparator: coerceValue(value as FilterScalar, column) } : null;
    }
  }
}

function showValue(value: unknown): string {
  return value === null ? 'NULL' : String(value);
}

/**
 * A filter's chip text: `country IN (FR, DE)`, `amount > 10`, `order_ts (No filter)`,
 * `ds = latest partition`, or its SQL. `rangeText` shows a time range in the UI language,
 * `latestPartitionText` the words for the latest partition.
 */
export function filterLabel(
  filter: AdhocFilter,
  rangeText: (range: string) => string = (range) => range,
  latestPartitionText = 'latest partition',
): string {
  if (filter.expressionType === 'SQL') return filter.sqlExpression;
  const operatorId = operatorIdOf(filter);
  if (!operatorId) return `${filter.subject} ${filter.operator} ${showValue(filter.comparator ?? '')}`.trim();
  const spec = OPERATORS[operatorId];
  switch (spec.kind) {
    case 'temporal':
      return `${filter.subject} (${rangeText(
        typeof filter.comparator === 'string' && filter.comparator ? filter.comparator : NO_TIME_RANGE,
      )})`;
    case 'unary':
    case 'boolean':
      return `${filter.subject} ${spec.sql}`;
    case 'partition':
      return `${filter.subject} = ${latestPartitionText}`;
    case 'multi': {
      const values = Array.isArray(filter.comparator) ? filter.comparator : [filter.comparator];
      return `${filter.subject} ${spec.sql} (${values.map(showValue).join(', ')})`;
    }
    case 'single':
      return `${filter.subject} ${spec.sql} ${showValue(filter.comparator ?? '')}`;
  }
}

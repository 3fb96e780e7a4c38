/**
 * The pivoting itself, pure: query rows → ordered row and column keys and the aggregate of every cell,
 * subtotal and total. Metrics are a dimension of their own (placed among the rows or the columns);
 * aggregates are kept per metric, so a total or a fraction's denominator never mixes two metrics, and a
 * cell whose position does not fix one metric (a grand total across several metrics) is empty.
 */
import {
  type AggregateFunction,
  type AggregationPlan,
  type Aggregator,
  aggregationPlan,
  type CellValue,
  fraction,
} from './aggregators.ts';
import { naturalSort } from './naturalSort.ts';

export type KeyPart = string | number | boolean | null;
export type Key = readonly KeyPart[];

/** A dimension of an axis: a result column, or the metrics. */
export type AxisAttr = { type: 'column'; key: string } | { type: 'metric' };

export const SORT_ORDERS = ['key_a_to_z', 'key_z_to_a', 'value_a_to_z', 'value_z_to_a'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export function sortOrderOf(value: unknown): SortOrder {
  return typeof value === 'string' && (SORT_ORDERS as readonly string[]).includes(value)
    ? (value as SortOrder)
    : 'key_a_to_z';
}

export interface PivotSpec {
  rows: AxisAttr[];
  cols: AxisAttr[];
  /** Metric labels (result columns), in the order chosen. */
  metrics: string[];
  aggregate: AggregateFunction;
  rowOrder: SortOrder;
  colOrder: SortOrder;
}

/** A node of an axis's key tree: the key prefix it stands for and its children, in display order. */
export interface KeyNode {
  key: KeyPart[];
  children: KeyNode[];
}

export interface Pivot {
  spec: PivotSpec;
  rowTree: KeyNode[];
  colTree: KeyNode[];
  /** The aggregate at a row and a column key prefix ([] = across the whole axis). */
  value(row: Key, col: Key): CellValue;
  /** The metric (index into spec.metrics) a position aggregates, or null when it spans several. */
  metricOf(row: Key, col: Key): number | null;
}

type Row = Record<string, unknown>;

function keyPart(value: unknown): KeyPart {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
}

const flat = (parts: Key) => JSON.stringify(parts);

interface TrieNode {
  key: KeyPart[];
  children: Map<string, TrieNode>;
}

function insert(root: Map<string, TrieNode>, key: KeyPart[]) {
  let level = root;
  for (let i = 0; i < key.length; i++) {
    const id = flat([key[i] as KeyPart]);
    let node = level.get(id);
    if (!node) {
      node = { key: key.slice(0, i + 1), children: new Map() };
      level.set(id, node);
    }
    level = node.children;
  }
}

/** Position of the metrics among an axis's dimensions, or -1. */
const metricPosition = (attrs: AxisAttr[]) => attrs.findIndex((attr) => attr.type === 'metric');

/** A displayed key without its metric part: the key of the dimensions alone. */
function dimensionsOf(key: Key, position: number): KeyPart[] {
  return position >= 0 && key.length > position
    ? [...key.slice(0, position), ...key.slice(position + 1)]
    : [...key];
}

export function computePivot(data: readonly Row[], spec: PivotSpec): Pivot {
  const plan: AggregationPlan = aggregationPlan(spec.aggregate);
  const rowMetric = metricPosition(spec.rows);
  const colMetric = metricPosition(spec.cols);
  const cells = new Map<string, Aggregator>();
  const rowTrie = new Map<string, TrieNode>();
  const colTrie = new Map<string, TrieNode>();
  const cellId = (metric: number, row: Key, col: Key) => `${metric}|${flat(row)}|${flat(col)}`;
  const rowColumns = spec.rows.flatMap((attr) => (attr.type === 'column' ? [attr.key] : []));
  const colColumns = spec.cols.flatMap((attr) => (attr.type === 'column' ? [attr.key] : []));

  for (const record of data) {
    const rowDims = rowColumns.map((key) => keyPart(record[key]));
    const colDims = colColumns.map((key) => keyPart(record[key]));
    spec.metrics.forEach((metric, m) => {
      const withMetric = (attrs: AxisAttr[], dims: KeyPart[]) => {
        let next = 0;
        return attrs.map((attr) => (attr.type === 'metric' ? metric : (dims[next++] as KeyPart)));
      };
      if (spec.rows.length > 0) insert(rowTrie, withMetric(spec.rows, rowDims));
      if (spec.cols.length > 0) insert(colTrie, withMetric(spec.cols, colDims));
      const value = record[metric];
      for (let i = 0; i <= rowDims.length; i++) {
        for (let j = 0; j <= colDims.length; j++) {
          const id = cellId(m, rowDims.slice(0, i), colDims.slice(0, j));
          let aggregator = cells.get(id);
          if (!aggregator) {
            aggregator = plan.base();
            cells.set(id, aggregator);
          }
          aggregator.push(value);
        }
      }
    });
  }

  const metricOf = (row: Key, col: Key): number | null => {
    if (rowMetric >= 0 && row.length > rowMetric) return spec.metrics.indexOf(row[rowMetric] as string);
    if (colMetric >= 0 && col.length > colMetric) return spec.metrics.indexOf(col[colMetric] as string);
    return spec.metrics.length === 1 ? 0 : null;
  };

  const baseValue = (metric: number, row: Key, col: Key): CellValue =>
    cells.get(cellId(metric, row, col))?.value() ?? null;

  const value = (row: Key, col: Key): CellValue => {
    const metric = metricOf(row, col);
    if (metric === null || metric < 0) return null;
    const rowDims = dimensionsOf(row, rowMetric);
    const colDims = dimensionsOf(col, colMetric);
    const part = baseValue(metric, rowDims, colDims);
    switch (plan.fractionOf) {
      case null:
        return part;
      case 'total':
        return fraction(part, baseValue(metric, [], []));
      case 'row':
        return fraction(part, baseValue(metric, rowDims, []));
      case 'col':
        return fraction(part, baseValue(metric, [], colDims));
    }
  };

  const sortLevel = (
    nodes: TrieNode[],
    attrs: AxisAttr[],
    order: SortOrder,
    groupValue: (key: Key) => CellValue,
  ): KeyNode[] => {
    const descending = order === 'key_z_to_a' || order === 'value_z_to_a';
    const direction = descending ? -1 : 1;
    const byKey = (a: TrieNode, b: TrieNode) => {
      const level = a.key.length - 1;
      const partA = a.key[level] as KeyPart;
      const partB = b.key[level] as KeyPart;
      if (attrs[level]?.type === 'metric')
        return spec.metrics.indexOf(partA as string) - spec.metrics.indexOf(partB as string);
      return naturalSort(partA, partB);
    };
    const sorted = [...nodes].sort((a, b) => {
      if (order === 'value_a_to_z' || order === 'value_z_to_a') {
        const compared = naturalSort(groupValue(a.key), groupValue(b.key));
        if (compared !== 0) return compared * direction;
      }
      return byKey(a, b) * direction;
    });
    return sorted.map((node) => ({
      key: node.key,
      children: sortLevel([...node.children.values()], attrs, order, groupValue),
    }));
  };

  return {
    spec,
    rowTree: sortLevel([...rowTrie.values()], spec.rows, spec.rowOrder, (key) => value(key, [])),
    colTree: sortLevel([...colTrie.values()], spec.cols, spec.colOrder, (key) => value([], key)),
    value,
    metricOf,
  };
}

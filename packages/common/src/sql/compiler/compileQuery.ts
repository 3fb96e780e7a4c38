import { QueryValidationError } from '../../query/errors.ts';
import { DEFAULT_MAX_ROW_LIMIT } from '../../query/normalize.ts';
import {
  columnLabel,
  metricLabel,
  type NormalizedQueryObject,
  type QueryColumn,
  type QueryMetric,
  TIMESTAMP_LABEL,
} from '../../query/types.ts';
import { parseTimeRange, type TimeBounds, TimeRangeError } from '../../time/index.ts';
import { CustomSqlError } from '../customSql.ts';
import type { SqlDialect } from '../dialect.ts';
import { renderSqlTemplate } from '../template.ts';
import type { TimeGrain } from '../timeGrains.ts';
import { filterPredicate, ParamSink, timeBoundsPredicate } from './filters.ts';
import { partitionColumnSql } from './latestPartition.ts';
import type {
  CompiledQuery,
  CompileOptions,
  CompilerDataset,
  UserSqlFragment,
  UserSqlRole,
} from './types.ts';

/** A select-list entry: its SQL and the label it is answered under. */
interface Selected {
  sql: string;
  label: string;
}

/** The alias of the series-limit sub-query, and the suffix of its columns (Superset's `__`). */
const SERIES_LIMIT_ALIAS = 'series_limit';
const SERIES_SUFFIX = '__';

const SIMPLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parentheses around an expression unless it is a single name, so it composes safely. */
function wrap(sql: string): string {
  return SIMPLE_NAME.test(sql) ? sql : `(${sql})`;
}

class Compilation {
  private readonly dialect: SqlDialect;
  private readonly dataset: CompilerDataset;
  private readonly query: NormalizedQueryObject;
  private readonly options: CompileOptions;
  private readonly params: ParamSink;
  /** Every piece of text from users pasted into the query, for the engine's parser to check. */
  private readonly userSql = new Map<string, UserSqlFragment>();

  constructor(
    query: NormalizedQueryObject,
    dataset: CompilerDataset,
    dialect: SqlDialect,
    options: CompileOptions,
  ) {
    this.query = query;
    this.dataset = dataset;
    this.dialect = dialect;
    this.options = options;
    this.params = new ParamSink(dialect);
  }

  /** Pastes text from a user (or a dataset's author) and records it for the parser's check. */
  private pasted(sql: string, field: string, role: UserSqlRole): string {
    const text = sql.trim();
    if (text === '') throw new CustomSqlError('empty', 'Custom SQL cannot be empty', field);
    const key = `${role}\u0000${text}`;
    if (!this.userSql.has(key)) this.userSql.set(key, { field, sql: text, role });
    return text;
  }

  private customSql(sql: string, field: string, role: UserSqlRole): string {
    if (this.options.allowCustomSql === false) {
      throw new QueryValidationError('You do not have permission to write custom SQL', field);
    }
    return this.pasted(sql, field, role);
  }

  /** A dataset column's SQL (quoted name, or its calculated expression), or null when it has none. */
  private datasetColumn(name: string): string | null {
    const column = this.dataset.columns.find((candidate) => candidate.column_name === name);
    if (!column) return null;
    const expression = column.expression?.trim();
    return expression
      ? wrap(this.pasted(expression, `columns.${column.column_name}.expression`, 'expression'))
      : this.dialect.quoteIdentifier(column.column_name);
  }

  private requireColumn(name: string, field: string): string {
    const sql = this.datasetColumn(name);
    if (sql === null)
      throw new QueryValidationError(`Column "${name}" does not exist in this dataset`, field);
    return sql;
  }

  /** The SQL of a column without its grain: a dataset column, or an adhoc column's expression. */
  private columnSql(column: QueryColumn, field: string): string {
    if (typeof column === 'string') return this.requireColumn(column, field);
    if (column.isColumnReference) return this.requireColumn(column.sqlExpression, `${field}.sqlExpression`);
    // As Superset: an adhoc expression that is exactly a column's name means that column.
    const named = this.datasetColumn(column.sqlExpression.trim());
    if (named !== null) return named;
    return wrap(this.customSql(column.sqlExpression, `${field}.sqlExpression`, 'expression'));
  }

  private grained(sql: string, grain: TimeGrain, field: string): string {
    const expression = this.dialect.timeGrainExpression(grain, sql);
    if (expression === null) {
      throw new QueryValidationError(
        `The time grain "${grain}" is not supported by ${this.dialect.displayName} databases`,
        field,
      );
    }
    return expression;
  }

  private selectedColumn(column: QueryColumn, field: string): Selected {
    const sql = this.columnSql(column, field);
    const grain = typeof column === 'string' ? undefined : column.timeGrain;
    const bucket = grain !== undefined && !this.isNonTemporalColumn(column);
    return { sql: bucket ? this.grained(sql, grain, `${field}.timeGrain`) : sql, label: columnLabel(column) };
  }

  /**
   * Clients send the chart's time grain with every x-axis (Superset's default grain is P1D), also when the
   * axis is a text column; as Superset, a grain only buckets a column the dataset marks temporal.
   * Adhoc SQL expressions are bucketed as asked: their type is unknown until they run.
   */
  private isNonTemporalColumn(column: QueryColumn): boolean {
    const name =
      typeof column === 'string'
        ? column
        : column.isColumnReference
          ? column.sqlExpression
          : column.sqlExpression.trim();
    const dataset = this.dataset.columns.find((candidate) => candidate.column_name === name);
    return dataset?.is_dttm === false;
  }

  private metricSql(metric: QueryMetric, field: string): string {
    if (typeof metric === 'string') {
      const saved = this.dataset.metrics.find((candidate) => candidate.metric_name === metric);
      if (!saved) throw new QueryValidationError(`Metric "${metric}" does not exist in this dataset`, field);
      return wrap(this.pasted(saved.expression, `metrics.${saved.metric_name}.expression`, 'expression'));
    }
    // Parenthesised like every pasted text: the parser approved `(<text>)`, so that is what runs.
    if (metric.expressionType === 'SQL')
      return wrap(this.customSql(metric.sqlExpression, `${field}.sqlExpression`, 'expression'));
    const column = this.requireColumn(metric.column.column_name, `${field}.column.column_name`);
    return metric.aggregate === 'COUNT_DISTINCT'
      ? `COUNT(DISTINCT ${column})`
      : `${metric.aggregate}(${column})`;
  }

  private timeBounds(range: string, field: string): TimeBounds {
    const { extras } = this.query;
    const anchor = (value: string | null) => (value === 'today' || value === 'now' ? value : undefined);
    const resolve = this.options.resolveTimeRange ?? parseTimeRange;
    const relativeStart = anchor(extras.relative_start);
    const relativeEnd = anchor(extras.relative_end);
    try {
      return resolve(range, {
        now: this.options.now,
        ...(relativeStart ? { relativeStart } : {}),
        ...(relativeEnd ? { relativeEnd } : {}),
      });
    } catch (error) {
      if (error instanceof TimeRangeError) throw new QueryValidationError(error.message, field);
      throw error;
    }
  }

  /** The WHERE predicates; binds their parameters, so call it where the clause appears in the text. */
  private wherePredicates(): string[] {
    const { query, dataset } = this;
    const predicates: string[] = [];
    const temporalColumns = new Set<string>();
    query.filters.forEach((filter, index) => {
      const field = `filters[${index}]`;
      if (filter.op === 'LATEST PARTITION') {
        predicates.push(this.latestPartition(filter.col, field));
        return;
      }
      const sql = this.columnSql(filter.col, `${field}.col`);
      if (filter.op === 'TEMPORAL_RANGE') {
        temporalColumns.add(sql);
        const bounds = this.timeBounds(String(filter.val ?? ''), `${field}.val`);
        const predicate = timeBoundsPredicate(this.dialect, sql, bounds);
        if (predicate) predicates.push(predicate);
        return;
      }
      predicates.push(filterPredicate(this.dialect, filter, sql, this.params, field));
    });
    if (query.granularity && query.time_range) {
      const sql = this.requireColumn(query.granularity, 'granularity');
      if (!temporalColumns.has(sql)) {
        const predicate = timeBoundsPredicate(
          this.dialect,
          sql,
          this.timeBounds(query.time_range, 'time_range'),
        );
        if (predicate) predicates.push(predicate);
      }
    }
    if (query.extras.where)
      predicates.push(`(${this.customSql(query.extras.where, 'extras.where', 'predicate')})`);
    if (query.apply_fetch_values_predicate && dataset.fetch_values_predicate?.trim()) {
      predicates.push(
        `(${this.pasted(dataset.fetch_values_predicate, 'fetch_values_predicate', 'predicate')})`,
      );
    }
    predicates.push(...this.rlsPredicates());
    return predicates;
  }

  /**
   * `col = (SELECT MAX(col) FROM <table>)`: the latest partition among the rows the caller may see, so
   * the sub-query carries the row-level security clauses too.
   */
  private latestPartition(column: QueryColumn, field: string): string {
    const { dialect } = this;
    const sql = partitionColumnSql(dialect, this.dataset, column, field);
    const rls = this.rlsPredicates();
    const predicate = dialect.latestPartitionPredicate(sql, this.from(), rls);
    if (predicate === null) throw new Error(`${dialect.displayName} claims partitions but writes no filter`);
    return predicate;
  }

  private rlsPredicates(): string[] {
    return (this.options.rlsClauses ?? [])
      .filter((clause) => clause.trim())
      .map((clause) => `(${this.pasted(clause, 'rls', 'predicate')})`);
  }

  private from(): string {
    const { dataset } = this;
    const sql = dataset.sql?.trim();
    if (!sql) {
      return this.dialect.qualifiedTable({
        catalog: dataset.catalog ?? null,
        schema: dataset.schema ?? null,
        table: dataset.table_name,
      });
    }
    let stored: Record<string, unknown> = {};
    if (dataset.template_params?.trim()) {
      try {
        const parsed: unknown = JSON.parse(dataset.template_params);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
          stored = parsed as Record<string, unknown>;
        }
      } catch {
        throw new QueryValidationError("The dataset's template parameters are not valid JSON", 'datasource');
      }
    }
    const rendered = renderSqlTemplate(sql, { ...stored, ...this.options.templateParams })
      .trim()
      .replace(/;+\s*$/, '');
    return `(\n${this.pasted(rendered, 'sql', 'query')}\n) AS virtual_table`;
  }

  /** Columns that define a series for the series limit: series_columns, else the non-axis columns. */
  private seriesColumns(): QueryColumn[] {
    const { query } = this;
    if (query.series_columns.length > 0) return query.series_columns;
    return query.columns.filter(
      (column) =>
        typeof column === 'string' || (column.columnType !== 'BASE_AXIS' && column.label !== TIMESTAMP_LABEL),
    );
  }

  private orderTerm(item: QueryMetric, field: string, metrics: Selected[], columns: Selected[]): string {
    if (typeof item !== 'string') return this.metricSql(item, field);
    const byLabel =
      metrics.find((metric) => metric.label === item) ?? columns.find((column) => column.label === item);
    if (byLabel) return byLabel.sql;
    if (this.dataset.metrics.some((metric) => metric.metric_name === item))
      return this.metricSql(item, field);
    const column = this.datasetColumn(item);
    if (column !== null) return column;
    throw new QueryValidationError(
      `"${item}" is neither a metric nor a column of this query or dataset`,
      field,
    );
  }

  compile(): CompiledQuery {
    const { query, dialect } = this;
    const q = (name: string) => dialect.quoteIdentifier(name);
    const columns = query.columns.map((column, i) => this.selectedColumn(column, `columns[${i}]`));
    const metrics = (query.metrics ?? []).map((metric, i) => ({
      sql: this.metricSql(metric, `metrics[${i}]`),
      label: metricLabel(metric),
    }));
    if (columns.length === 0 && metrics.length === 0) {
      throw new QueryValidationError('Empty query: the query needs columns or metrics', 'columns');
    }
    const grouped = query.metrics !== null && columns.length > 0;
    const from = this.from();

    const lines: string[] = [];
    const selectList = [...columns, ...metrics].map((item) => `${item.sql} AS ${q(item.label)}`).join(', ');
    lines.push(`SELECT ${selectList}`, `FROM ${from}`);

    if (query.series_limit > 0 && query.metrics !== null) {
      const series = this.seriesColumns().map((column, i) =>
        this.selectedColumn(column, `series_columns[${i}]`),
      );
      if (series.length > 0) {
        const limitMetric = query.series_limit_metric ?? query.metrics[0];
        if (limitMetric === undefined) {
          throw new QueryValidationError(
            'A series limit needs a metric to rank series by',
            'series_limit_metric',
          );
        }
        const rankSql = this.metricSql(limitMetric, 'series_limit_metric');
        const innerWhere = this.wherePredicates();
        const inner = [
          `SELECT ${series.map((s) => `${s.sql} AS ${q(s.label + SERIES_SUFFIX)}`).join(', ')}`,
          `FROM ${from}`,
          ...(innerWhere.length > 0 ? [`WHERE ${innerWhere.join(' AND ')}`] : []),
          `GROUP BY ${series.map((s) => s.sql).join(', ')}`,
          `ORDER BY ${rankSql} ${query.order_desc ? 'DESC' : 'ASC'}`,
          dialect.limitClause(query.series_limit),
        ].join('\n');
        const on = series
          .map((s) => `${s.sql} = ${q(SERIES_LIMIT_ALIAS)}.${q(s.label + SERIES_SUFFIX)}`)
          .join(' AND ');
        lines.push(`INNER JOIN (\n${inner}\n) AS ${q(SERIES_LIMIT_ALIAS)} ON ${on}`);
      }
    }

    const where = this.wherePredicates();
    if (where.length > 0) lines.push(`WHERE ${where.join(' AND ')}`);
    if (grouped) lines.push(`GROUP BY ${columns.map((column) => column.sql).join(', ')}`);
    if (query.extras.having) {
      if (query.metrics === null) {
        throw new QueryValidationError('HAVING needs an aggregated query (metrics)', 'extras.having');
      }
      lines.push(`HAVING (${this.customSql(query.extras.having, 'extras.having', 'predicate')})`);
    }

    const order = query.orderby.map(
      ([item, ascending], i) =>
        `${this.orderTerm(item, `orderby[${i}][0]`, metrics, columns)} ${ascending ? 'ASC' : 'DESC'}`,
    );
    const mainMetric = metrics[0];
    // As Superset: an aggregate with no explicit order is sorted by its first metric.
    if (order.length === 0 && grouped && mainMetric)
      order.push(`${mainMetric.sql} ${query.order_desc ? 'DESC' : 'ASC'}`);
    if (order.length > 0 && !query.is_rowcount) lines.push(`ORDER BY ${order.join(', ')}`);

    const maxRowLimit = this.options.maxRowLimit ?? DEFAULT_MAX_ROW_LIMIT;
    if (query.is_rowcount) {
      return {
        sql: `SELECT COUNT(*) AS ${q('rowcount')} FROM (\n${lines.join('\n')}\n) AS rowcount_qry`,
        params: this.params.values,
        userSql: [...this.userSql.values()],
      };
    }
    lines.push(dialect.limitClause(Math.min(query.row_limit, maxRowLimit), query.row_offset));
    return { sql: lines.join('\n'), params: this.params.values, userSql: [...this.userSql.values()] };
  }
}

/**
 * One normalized query object → SQL for the dataset's engine. Filter values are bound parameters
 * (placeholders from the dialect, values in `params` in order); identifiers and labels are quoted by
 * the dialect; every piece of text from users — custom SQL, calculated columns, saved metrics, RLS
 * clauses, the fetch-values predicate, a virtual dataset's SQL — is parenthesised and listed in
 * `userSql`, which the server checks with the engine's own parser before the query runs (a pure
 * package cannot hold the engines' parsers, and string scanning cannot be the boundary).
 */
export function compileQuery(
  query: NormalizedQueryObject,
  dataset: CompilerDataset,
  dialect: SqlDialect,
  options: CompileOptions,
): CompiledQuery {
  return new Compilation(query, dataset, dialect, options).compile();
}

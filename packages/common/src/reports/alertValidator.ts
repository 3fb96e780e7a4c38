// How an alert decides whether it fires, as Superset's AlertCommand does
// (superset/commands/report/alert.py, messages from superset/commands/report/exceptions.py).
// The alert SQL runs with LIMIT 2 (ALERT_SQL_LIMIT), so a result says whether there is more than
// one row without reading them all; the result must be one row of one column, or empty.
import { isRecord } from '../isRecord.ts';

/** Superset runs an alert query with this LIMIT: enough to tell one row from several. */
export const ALERT_SQL_LIMIT = 2;

export type AlertValidatorType = 'not null' | 'operator';
export const ALERT_VALIDATOR_TYPES: readonly AlertValidatorType[] = ['not null', 'operator'];

export type AlertOperator = '<' | '<=' | '>' | '>=' | '==' | '!=';
export const ALERT_OPERATORS: readonly AlertOperator[] = ['<', '<=', '>', '>=', '==', '!='];

export interface OperatorConfig {
  op: AlertOperator;
  threshold: number;
}

export interface AlertResult {
  columns: string[];
  rows: unknown[][];
}

export interface AlertEvaluation {
  triggered: boolean;
  /** What Superset stores in last_value: the compared number for 'operator', null for 'not null'. */
  value: number | null;
  /** What Superset stores in last_value_row_json: the value as text for 'not null', else null. */
  valueRowJson: string | null;
  /** Set when the alert cannot be evaluated; the run then ends in the Error state. */
  error?: string;
}

// Superset's texts (lazy_gettext in exceptions.py / alert.py).
export const ALERT_VALIDATOR_CONFIG_ERROR = 'Alert validator config error.';
export const ALERT_NON_NUMBER_ERROR = 'Alert query returned a non-number value.';
export const alertMultipleRowsError = (rows: number) =>
  `Alert query returned more than one row. ${rows} rows returned`;
export const alertMultipleColumnsError = (columns: number) =>
  `Alert query returned more than one column. ${columns} columns returned`;

const OPERATORS: Record<AlertOperator, (value: number, threshold: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

const isOperator = (op: unknown): op is AlertOperator =>
  typeof op === 'string' && Object.hasOwn(OPERATORS, op);

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const SPECIAL = /^[+-]?(inf|infinity|nan)$/i;

/** Python's float(): numbers, booleans and decimal text; null when it would raise. */
function toFloat(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (DECIMAL.test(text)) return Number(text);
  if (SPECIAL.test(text)) {
    if (/nan/i.test(text)) return Number.NaN;
    return text.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  return null;
}

// marshmallow's Float accepts numbers and numeric text, and refuses NaN and infinities.
function toThreshold(value: unknown): number | null {
  if (typeof value === 'boolean') return null;
  const number = toFloat(value);
  return number !== null && Number.isFinite(number) ? number : null;
}

function parseConfig(configJson: string | object | null | undefined): Record<string, unknown> | string {
  if (configJson === null || configJson === undefined || configJson === '') return {};
  let config: unknown = configJson;
  if (typeof configJson === 'string') {
    try {
      config = JSON.parse(configJson);
    } catch {
      return 'validator_config_json: Not valid JSON.';
    }
  }
  return isRecord(config) ? config : 'validator_config_json: Not a valid mapping type.';
}

/**
 * null when `configJson` (validator_config_json, as text or object) suits the validator type,
 * else a short message. Like Superset's ValidatorConfigJSONSchema, `op` must be one of the six
 * operators and `threshold` a number (numeric text allowed) wherever they are given; an 'operator'
 * alert needs both, since Superset fails such an alert at every run without them.
 */
export function validatorConfigProblem(
  type: AlertValidatorType | string,
  configJson: string | object | null,
): string | null {
  if (!ALERT_VALIDATOR_TYPES.includes(type as AlertValidatorType)) {
    return `validator_type: Must be one of: ${ALERT_VALIDATOR_TYPES.join(', ')}.`;
  }
  const config = parseConfig(configJson);
  if (typeof config === 'string') return config;
  if (config.op !== undefined && !isOperator(config.op)) {
    return `op: Must be one of: ${ALERT_OPERATORS.join(', ')}.`;
  }
  if (config.threshold !== undefined && toThreshold(config.threshold) === null) {
    return 'threshold: Not a valid number.';
  }
  if (type === 'operator') {
    if (config.op === undefined) return 'op: Missing data for required field.';
    if (config.threshold === undefined) return 'threshold: Missing data for required field.';
  }
  return null;
}

/** The operator and threshold of an 'operator' alert, or null when they are missing or invalid. */
export function parseOperatorConfig(configJson: string | object | null): OperatorConfig | null {
  if (validatorConfigProblem('operator', configJson) !== null) return null;
  const config = parseConfig(configJson) as Record<string, unknown>;
  return { op: config.op as AlertOperator, threshold: toThreshold(config.threshold)! };
}

// Superset treats 0, None and NaN alike: `value in (0, None, np.nan)`; False == 0 in Python.
const isNullish = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === 0 ||
  value === 0n ||
  value === false ||
  (typeof value === 'number' && Number.isNaN(value));

const failed = (error: string): AlertEvaluation => ({
  triggered: false,
  value: null,
  valueRowJson: null,
  error,
});

/**
 * Whether an alert fires for its query result, with Superset's rules:
 * - more than one row, or more than one column, is an error (checked in that order);
 * - 'not null' fires when the single value is not null, not 0 (nor false) and not NaN; an empty
 *   result does not fire;
 * - 'operator' compares the value with the threshold (`value op threshold`), reading null, 0, NaN
 *   and an empty result as 0, and numeric text as its number; any other value is an error.
 */
export function evaluateAlert(
  type: AlertValidatorType,
  config: OperatorConfig | string | object | null,
  result: AlertResult,
): AlertEvaluation {
  const { rows } = result;
  if (rows.length > 1) return failed(alertMultipleRowsError(rows.length));
  const row = rows[0];
  const width = row ? Math.max(row.length, result.columns.length) : 0;
  if (width > 1) return failed(alertMultipleColumnsError(width));
  const cell = row?.[0] ?? null;

  if (type === 'not null') {
    return { triggered: !isNullish(cell), value: null, valueRowJson: cell === null ? null : String(cell) };
  }

  const operator = parseOperatorConfig(config);
  let value: number;
  if (isNullish(cell)) {
    value = 0;
  } else {
    const number = toFloat(cell);
    if (number === null) return failed(ALERT_NON_NUMBER_ERROR);
    value = number;
  }
  // Superset reads the config after the query, so a bad config fails the run, not the save.
  if (!operator) return { ...failed(ALERT_VALIDATOR_CONFIG_ERROR), value };
  return { triggered: OPERATORS[operator.op](value, operator.threshold), value, valueRowJson: null };
}

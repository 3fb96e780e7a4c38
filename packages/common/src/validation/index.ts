/**
 * Generic validators with the spec's messages (as i18n keys under `validation.`). A validator answers
 * null when the value is fine; empty values pass every validator but `nonEmpty`.
 */
import type { ValidationMessage, Validator } from '../viz/types.ts';

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

const message = (key: string, params?: ValidationMessage['params']): ValidationMessage =>
  params ? { key: `validation.${key}`, params } : { key: `validation.${key}` };

/** 'cannot be empty'. */
export const nonEmpty: Validator = (value) => (isBlank(value) ? message('nonEmpty') : null);

/** 'is expected to be an integer'. */
export const integer: Validator = (value) => {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? null : message('integer');
};

/** 'is expected to be a number'. */
export const number: Validator = (value) => {
  if (isBlank(value)) return null;
  return Number.isFinite(Number(String(value).trim())) ? null : message('number');
};

/** 'Value cannot exceed %s'. */
export function maxValue(max: number): Validator {
  return (value) => {
    if (isBlank(value)) return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed > max ? message('maxValue', { max }) : null;
  };
}

/** Opacity between 0 and 1. */
export const opacity: Validator = (value) => {
  if (isBlank(value)) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? null : message('opacity');
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i;

/** A colour as hex text or rgb()/rgba(), or an object {r, g, b, a} as the colour picker stores it. */
export const color: Validator = (value) => {
  if (isBlank(value)) return null;
  if (typeof value === 'string')
    return HEX.test(value.trim()) || RGB.test(value.trim()) ? null : message('color');
  if (typeof value === 'object' && value !== null) {
    const { r, g, b } = value as Record<string, unknown>;
    const channel = (c: unknown) => typeof c === 'number' && c >= 0 && c <= 255;
    return channel(r) && channel(g) && channel(b) ? null : message('color');
  }
  return message('color');
};

/** Where a Mapbox style lives; Superset accepts only these addresses. */
export const MAPBOX_STYLE_PREFIX = 'mapbox://styles/';

/** 'is expected to be a Mapbox URL': a style address starting with mapbox://styles/. */
export const mapboxUrl: Validator = (value) => {
  if (isBlank(value)) return null;
  return typeof value === 'string' && value.trim().startsWith(MAPBOX_STYLE_PREFIX)
    ? null
    : message('mapboxUrl');
};

/** The comparison range type that asks for its own filters (Superset's 'c', custom). */
export const CUSTOM_COMPARISON = 'c';

/**
 * 'Filters for comparison must have a value': a custom comparison range whose filters are all empty.
 * `rangeTypeField` names the control holding the comparison range type.
 */
export function comparisonFilters(rangeTypeField: string): Validator {
  return (value, formData) => {
    if (formData[rangeTypeField] !== CUSTOM_COMPARISON) return null;
    const filters = Array.isArray(value) ? value : [];
    const empty = filters.every((filter) => (Array.isArray(filter) ? filter.length === 0 : isBlank(filter)));
    return empty ? message('comparisonFilters') : null;
  };
}

/** One orderby option as explore stores it: `["column", ascending]`, as JSON text or already an array. */
export function parseOrderbyOption(option: unknown): [string, boolean] | null {
  let parsed = option;
  if (typeof option === 'string') {
    try {
      parsed = JSON.parse(option);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [column, ascending] = parsed;
  return typeof column === 'string' && column !== '' && typeof ascending === 'boolean'
    ? [column, ascending]
    : null;
}

/** 'Found invalid orderby options': any option that is not `["column", true|false]`. */
export const orderbyOptions: Validator = (value) => {
  if (isBlank(value)) return null;
  const options = Array.isArray(value) ? value : [value];
  return options.every((option) => parseOrderbyOption(option) !== null) ? null : message('invalidOrderby');
};

/** Runs validators in order and collects every message (explore shows them all under the control). */
export function validate(
  value: unknown,
  formData: Parameters<Validator>[1],
  validators: readonly Validator[] = [],
): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  for (const check of validators) {
    const result = check(value, formData);
    if (result) messages.push(result);
  }
  return messages;
}

import type { FilterScalar } from '../api/list.ts';
import type { FilterValueType } from './listSpec.ts';

/**
 * Converts one filter value to the column's type, or returns undefined when it cannot be.
 * Rison decodes bare digits as numbers and bare words as strings, so both spellings are accepted.
 */
export function coerceScalar(value: unknown, type: FilterValueType): Exclude<FilterScalar, null> | undefined {
  switch (type) {
    case 'text':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return undefined;
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      if (typeof value !== 'string' || value.trim() === '') return undefined;
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : undefined;
    }
    case 'boolean':
      // The Dodo team list sends is_external as 1/0; Superset's lists send !t/!f.
      if (value === true || value === 1 || value === 'true' || value === '1') return true;
      if (value === false || value === 0 || value === 'false' || value === '0') return false;
      return undefined;
    case 'datetime': {
      if (typeof value !== 'string') return undefined;
      const time = Date.parse(value);
      return Number.isNaN(time) ? undefined : new Date(time).toISOString();
    }
  }
}

/**
 * A query object (or query context) that cannot be run as sent. `field` names the part at fault as a
 * path (`queries[0].filters[2].op`, `row_limit`), so the API can answer 400 naming it.
 */
export class QueryValidationError extends Error {
  constructor(
    message: string,
    public field: string,
  ) {
    super(message);
    this.name = 'QueryValidationError';
  }
}

/** `queries[0]` + `filters[1].op` → `queries[0].filters[1].op`. */
export function joinField(prefix: string, field: string): string {
  if (prefix === '') return field;
  if (field === '') return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}

/** Runs `fn`; a QueryValidationError it throws gets its field placed under `prefix` (subclass kept). */
export function underField<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof QueryValidationError) error.field = joinField(prefix, error.field);
    throw error;
  }
}

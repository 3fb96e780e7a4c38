import { UnprocessableError } from '../../http/errors.ts';

/** Request-field helpers shared by the create and update use cases. */

export type FieldErrors = Record<string, string[]>;

export const trimOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

export function tableLabel(schema: string | null, table: string): string {
  return schema ? `${schema}.${table}` : table;
}

/**
 * Superset's GenericDataType: the kind of a column as charts see it. A runtime value the web uses, so
 * it lives apart from the contract's schemas (which the web imports as types only).
 */
export const GENERIC_DATA_TYPE = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataTypeName = keyof typeof GENERIC_DATA_TYPE;
export type GenericDataType = (typeof GENERIC_DATA_TYPE)[GenericDataTypeName];

const GENERIC_DATA_TYPES: ReadonlySet<number> = new Set(Object.values(GENERIC_DATA_TYPE));

/** A column's `type_generic` as the API answers it (any integer, or null) narrowed to a known kind. */
export function asGenericDataType(value: number | null | undefined): GenericDataType | undefined {
  return value != null && GENERIC_DATA_TYPES.has(value) ? (value as GenericDataType) : undefined;
}

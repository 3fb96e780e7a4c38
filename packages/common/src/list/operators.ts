/** Flask-AppBuilder's standard filter operators, as Superset list endpoints accept them in `filters[].opr`. */
export const LIST_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'lt',
  'ge',
  'le',
  'sw',
  'nsw',
  'ew',
  'new',
  'ct',
  'nct',
  'in',
  'rel_o_m',
  'nrel_o_m',
  'rel_m_m',
  'nrel_m_m',
] as const;

export type ListOperator = (typeof LIST_OPERATORS)[number];

/**
 * A resource-specific operator such as Superset's `chart_all_text` or the Dodo `ct_name`; a spec lists it
 * like a standard one and the list helper asks the resource how to apply it.
 */
export type CustomOperator = string & { readonly __custom?: never };

export type FilterOperator = ListOperator | CustomOperator;

export function isStandardOperator(opr: string): opr is ListOperator {
  return (LIST_OPERATORS as readonly string[]).includes(opr);
}

/** Operators whose value is a list of values rather than one. */
export function takesListValue(opr: string): boolean {
  return opr === 'in';
}

/** Operators that may compare with null (IS NULL / IS NOT NULL). */
export function acceptsNull(opr: string): boolean {
  return opr === 'eq' || opr === 'neq';
}

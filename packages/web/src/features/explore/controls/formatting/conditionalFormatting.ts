/**
 * The editor's side of conditional formatting rules (`conditional_formatting`, Superset's shape): the
 * comparators and the colour reading are common's (viz/table/conditionalFormatting), shared with the
 * charts that draw the rules.
 */
import {
  COMPARATORS,
  type Comparator,
  comparatorOf,
  rgbOf,
} from '@vitrina/common/viz/table/conditionalFormatting';

export { COMPARATORS, type Comparator };

export const BETWEEN_COMPARATORS: readonly Comparator[] = ['< x <', '≤ x ≤', '≤ x <', '< x ≤'];

/** Superset's preset colours, stored by their theme names; any other colour is stored as hex. */
export const PRESET_COLORS = ['colorSuccess', 'colorWarning', 'colorError'] as const;

export interface FormattingRule {
  column: string;
  operator: Comparator;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  colorScheme: string;
}

export interface RuleDraft {
  column: string | null;
  operator: Comparator;
  targetValue: number | null;
  targetValueLeft: number | null;
  targetValueRight: number | null;
  colorScheme: string;
}

const num = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** A colour as css, for swatches: theme names become their rgb. */
export function cssColor(color: string): string {
  const rgb = rgbOf(color);
  return rgb ? `rgb(${rgb.join(',')})` : color;
}

export function ruleDraft(rule: Record<string, unknown> | null): RuleDraft {
  return {
    column: typeof rule?.column === 'string' ? rule.column : null,
    operator: comparatorOf(rule?.operator) ?? '>',
    targetValue: num(rule?.targetValue),
    targetValueLeft: num(rule?.targetValueLeft),
    targetValueRight: num(rule?.targetValueRight),
    colorScheme: typeof rule?.colorScheme === 'string' ? rule.colorScheme : PRESET_COLORS[0],
  };
}

/** The rule a draft describes, or null while it is incomplete. */
export function buildRule(draft: RuleDraft): FormattingRule | null {
  if (!draft.column) return null;
  const base = { column: draft.column, operator: draft.operator, colorScheme: draft.colorScheme };
  if (draft.operator === 'None') return base;
  if (BETWEEN_COMPARATORS.includes(draft.operator)) {
    if (draft.targetValueLeft === null || draft.targetValueRight === null) return null;
    return { ...base, targetValueLeft: draft.targetValueLeft, targetValueRight: draft.targetValueRight };
  }
  return draft.targetValue === null ? null : { ...base, targetValue: draft.targetValue };
}

/** `revenue > 100`, `10 < revenue < 20`, or the column alone for None. */
export function ruleLabel(rule: Record<string, unknown>): string {
  const column = typeof rule.column === 'string' ? rule.column : '';
  const operator = comparatorOf(rule.operator);
  if (!operator || operator === 'None') return column;
  if (BETWEEN_COMPARATORS.includes(operator))
    return `${rule.targetValueLeft ?? ''} ${operator.replace('x', column)} ${rule.targetValueRight ?? ''}`;
  return `${column} ${operator} ${rule.targetValue ?? ''}`;
}

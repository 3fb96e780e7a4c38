/** What a slice's label shows (Superset's label_type values), shared by pie, funnel, treemap, sunburst. */

export const LABEL_TYPES = [
  'key',
  'value',
  'percent',
  'key_value',
  'key_percent',
  'key_value_percent',
  'value_percent',
] as const;
export type LabelType = (typeof LABEL_TYPES)[number];

export function labelTypeOf(value: unknown, fallback: LabelType): LabelType {
  return (LABEL_TYPES as readonly unknown[]).includes(value) ? (value as LabelType) : fallback;
}

/** The label text from the already formatted name, value and percentage. */
export function formatLabel(type: LabelType, name: string, value: string, percent: string): string {
  switch (type) {
    case 'key':
      return name;
    case 'value':
      return value;
    case 'percent':
      return percent;
    case 'key_value':
      return `${name}: ${value}`;
    case 'key_percent':
      return `${name}: ${percent}`;
    case 'key_value_percent':
      return `${name}: ${value} (${percent})`;
    case 'value_percent':
      return `${value} (${percent})`;
  }
}

/** Metadata blocks a list response may carry (Superset/FAB `keys`); `none` asks for none of them. */
export const LIST_KEYS = [
  'list_columns',
  'order_columns',
  'label_columns',
  'description_columns',
  'list_title',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

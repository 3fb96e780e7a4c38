/** 'Regular' filters apply to members of the listed roles; 'Base' filters to everyone except them. */
export const RLS_FILTER_TYPES = ['Regular', 'Base'] as const;
export type RlsFilterType = (typeof RLS_FILTER_TYPES)[number];

import type { ListQuery } from '@vitrina/common';
import type { RisonValue } from './rison.ts';

/** A ListQuery as the rison value of `q` (drops empty parts so URLs stay short). */
export function listQueryToRison(query: ListQuery): RisonValue {
  const { filters, ...rest } = query;
  return {
    ...(filters && filters.length > 0 ? { filters: filters.map((filter) => ({ ...filter })) } : {}),
    ...rest,
  } as RisonValue;
}

import type { ListQueryParams } from '@vitrina/common';
import type { RisonValue } from './rison.ts';

/** List query parameters as the rison value of `q` (drops empty parts so URLs stay short). */
export function listQueryToRison(query: ListQueryParams): RisonValue {
  const { filters, ...rest } = query;
  return {
    ...(filters && filters.length > 0 ? { filters: filters.map((filter) => ({ ...filter })) } : {}),
    ...rest,
  } as RisonValue;
}

/// <reference path="./rison.d.ts" />
import rison from 'rison';
import type { ListQueryParams } from '../api/list.ts';

/** Rison text for a value, as list endpoints read it from `q` (URL-encode it when putting it in a URL). */
export function encodeRison(value: unknown): string {
  return rison.encode(value);
}

/** The `?q=` argument for a list request, URL-encoded. */
export function listQueryString(params: ListQueryParams): string {
  return `q=${encodeURIComponent(encodeRison(params))}`;
}

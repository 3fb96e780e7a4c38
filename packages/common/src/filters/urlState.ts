/**
 * The `native_filters` URL parameter: the dashboard's data masks in rison, as Superset writes it
 * (`?native_filters=(NATIVE_FILTER-a:(extraFormData:(…),filterState:(value:!(FR))),…)`).
 */

import { isRecord } from '../isRecord.ts';
import { decodeRison, RisonSyntaxError } from '../list/decodeRison.ts';
import { encodeRison } from '../list/encodeRison.ts';
import type { DataMask, DataMaskMap } from './types.ts';

export const NATIVE_FILTERS_URL_PARAM = 'native_filters';

/** Text that is not rison, or not a map of masks. */
export class NativeFiltersParamError extends Error {
  override name = 'NativeFiltersParamError';
}

/** One mask as read from the URL: only the mask's known parts, each only when it is an object. */
function maskOf(key: string, value: Record<string, unknown>): DataMask {
  const mask: DataMask = {
    id: typeof value.id === 'string' || typeof value.id === 'number' ? value.id : key,
  };
  if (isRecord(value.extraFormData)) mask.extraFormData = value.extraFormData as DataMask['extraFormData'];
  if (isRecord(value.filterState)) mask.filterState = value.filterState;
  if (isRecord(value.ownState)) mask.ownState = value.ownState;
  return mask;
}

/** The masks in the parameter's (URL-decoded) text; an empty text is an empty selection. */
export function parseNativeFiltersParam(text: string): DataMaskMap {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = decodeRison(text);
  } catch (error) {
    const reason = error instanceof RisonSyntaxError ? error.message : String(error);
    throw new NativeFiltersParamError(`Invalid native_filters parameter: ${reason}`);
  }
  if (!isRecord(value))
    throw new NativeFiltersParamError('Invalid native_filters parameter: not a map of filters');
  const map: DataMaskMap = {};
  for (const [key, entry] of Object.entries(value)) if (isRecord(entry)) map[key] = maskOf(key, entry);
  return map;
}

/** Rison text of the masks (URL-encode it when putting it in a URL). */
export function encodeNativeFiltersParam(map: DataMaskMap): string {
  return encodeRison(JSON.parse(JSON.stringify(map)));
}

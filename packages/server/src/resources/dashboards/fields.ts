import { BadRequestError, UnprocessableError } from '../../http/errors.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { metadataProblems } from './documents.ts';

/** The writable fields of a dashboard and the checks create, update and copy share. */

export type FieldErrors = Record<string, string[]>;

export interface DashboardInput {
  dashboard_title?: string | null;
  dashboard_title_ru?: string | null;
  slug?: string | null;
  owners?: number[];
  roles?: number[];
  position_json?: string | null;
  json_metadata?: string | null;
  css?: string | null;
  published?: boolean | null;
  certified_by?: string | null;
  certification_details?: string | null;
  is_managed_externally?: boolean | null;
  external_url?: string | null;
}

const TITLE_MAX = 500;
const SLUG_MAX = 255;

/** Superset's slug clean-up: trimmed, spaces become dashes, other characters than word ones dropped. */
export function cleanSlug(slug: string | null | undefined): string | null {
  if (!slug) return null;
  const cleaned = slug
    .trim()
    .replace(/ /g, '-')
    .replace(/[^\p{L}\p{N}_-]+/gu, '');
  return cleaned === '' ? null : cleaned;
}

function jsonError(text: string | null | undefined, object: boolean): string | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  try {
    JSON.parse(text);
  } catch {
    return 'JSON not valid';
  }
  return object && !parseJsonObject(text) ? 'Must be a JSON object' : null;
}

/** Lengths and JSON texts: a 400 naming each bad field. */
export function checkShape(input: DashboardInput, slug: string | null): void {
  const errors: FieldErrors = {};
  if ((input.dashboard_title?.length ?? 0) > TITLE_MAX) {
    errors.dashboard_title = [`Length must be between 0 and ${TITLE_MAX}.`];
  }
  if ((input.dashboard_title_ru?.length ?? 0) > TITLE_MAX) {
    errors.dashboard_title_ru = [`Length must be between 0 and ${TITLE_MAX}.`];
  }
  if (slug !== null && slug.length > SLUG_MAX) errors.slug = [`Length must be between 1 and ${SLUG_MAX}.`];
  const position = jsonError(input.position_json, true);
  if (position) errors.position_json = [position];
  const metadata = metadataProblems(input.json_metadata);
  if (metadata.length > 0) errors.json_metadata = metadata;
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

export const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

export const trimmedOrNull = (value: string | null | undefined) => blankToNull(value)?.trim() ?? null;

/**
 * Upgrades saved big number form data. Step 0 (Superset's form data): newer Superset saves the text
 * below the number as `subtitle` (and its size as `subtitle_font_size`); here it is the subheader.
 */
import { migrationChain } from '../echartsShared/migrate.ts';
import type { FormData } from '../types.ts';

export function subtitleToSubheader(formData: FormData): FormData {
  const next: FormData = { ...formData };
  const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (hasText(next.subtitle) && !hasText(next.subheader)) next.subheader = next.subtitle;
  if (next.subtitle_font_size !== undefined && next.subheader_font_size === undefined)
    next.subheader_font_size = next.subtitle_font_size;
  delete next.subtitle;
  delete next.subtitle_font_size;
  return next;
}

export const migrate = migrationChain([subtitleToSubheader]);

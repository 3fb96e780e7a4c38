/** Reading control values from form data: defaults of the control panel, then typed reads. */
import { controlDefaults } from '../shared/controls.ts';
import type { ControlPanelConfig, FormData } from '../types.ts';

/** Form data with every control's default filled in where the saved form data has no value. */
export function withDefaults(controlPanel: ControlPanelConfig, formData: FormData): FormData {
  const merged: FormData = { ...formData };
  for (const [key, value] of Object.entries(controlDefaults(controlPanel.sections)))
    if (merged[key] === undefined || merged[key] === null) merged[key] = value;
  return merged;
}

export function boolOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

/** A finite number from a control (numbers, numeric text), or the fallback. */
export function numberOf(value: unknown, fallback: number): number;
export function numberOf(value: unknown, fallback: null): number | null;
export function numberOf(value: unknown, fallback: number | null): number | null {
  if (value === null || value === undefined || value === '') return fallback;
  const parsed = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function stringOf(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** A numeric cell: numbers as they are, numeric text parsed, anything else null. */
export function cellNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

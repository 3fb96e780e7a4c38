import type { FormInstance } from 'antd';
import { ApiError } from '../api/errors.ts';

/**
 * Puts a 422's `{"message": {field: [messages]}}` on the form fields it names. Returns whether every
 * message found a field, so the caller shows the rest (or any other error) above the form.
 */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const onFields = entries.filter(([field]) => known.has(field));
  form.setFields(onFields.map(([name, errors]) => ({ name, errors })));
  return onFields.length === entries.length;
}

/** Template parameters are a JSON object; empty text means none. Returns the error text when invalid. */
export function templateParamsError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function parseTemplateParams(text: string): Record<string, unknown> | undefined {
  if (!text.trim() || templateParamsError(text)) return undefined;
  return JSON.parse(text) as Record<string, unknown>;
}

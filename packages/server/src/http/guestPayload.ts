import type { App } from './types.ts';

/** Who made or changed a thing: a guest sees none of it (Superset empties owners and changed_by). */
const EMPTIED: Record<string, () => unknown> = {
  owners: () => [],
  changed_by: () => null,
  created_by: () => null,
  changed_by_name: () => '',
  created_by_name: () => '',
};

function withoutPeople(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPeople);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, empty] of Object.entries(EMPTIED)) {
    if (key in copy) copy[key] = empty();
  }
  return copy;
}

/**
 * An embedded dashboard's guest gets no names of the people behind what it sees: whatever a route
 * answers, the `result` (an object or a list's items) loses its owners and who created or changed it.
 * One hook for every route, so a route added later cannot forget it.
 */
export function registerGuestPayloadFilter(app: App): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.authMethod !== 'guest') return payload;
    if (typeof payload !== 'object' || payload === null || !('result' in payload)) return payload;
    const body = payload as Record<string, unknown>;
    return { ...body, result: withoutPeople(body.result) };
  });
}

import type { ComponentType } from 'react';
import type { ApiError } from '../../api/errors.ts';

/** What a registered error component gets: the typed error as the server (or the client) gave it. */
export interface TypedErrorProps {
  error: ApiError;
}

/**
 * Error components by error type (Superset's getErrorMessageComponentRegistry): the error box hands an
 * error whose type has a component to it. A later registration replaces an earlier one, so a feature can
 * give a kind its richer component (e.g. the access request flow for refused grants).
 */
const registry = new Map<string, ComponentType<TypedErrorProps>>();

export function registerErrorComponent(
  errorTypes: readonly string[],
  component: ComponentType<TypedErrorProps>,
): void {
  for (const errorType of errorTypes) registry.set(errorType, component);
}

export function errorComponentFor(errorType: string | undefined): ComponentType<TypedErrorProps> | undefined {
  return errorType === undefined ? undefined : registry.get(errorType);
}

import { GUEST_TOKEN_HEADER } from '@vitrina/common/embedded/guestTokenTransport';
import { isRecord } from '@vitrina/common/isRecord';
import type { FastifyRequest } from 'fastify';

/**
 * The hook for guest tokens on the event beacon. An embedded page's browser cannot set headers on
 * `navigator.sendBeacon`, so it sends its guest token as the form field `guest_token` (Superset reads it
 * from this field as well as from the header). Routes that accept it say so with
 * `config.guestTokenFormField`; the body is parsed before authentication runs (preValidation), so the
 * guest-token authentication reads the token with `guestTokenOfRequest` whatever carried it.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a guest token from this body field too (the event beacon's `guest_token`). */
    guestTokenFormField?: string;
  }
}

/** The guest token a request carries: the header, else the route's form field; null when none. */
export function guestTokenOfRequest(request: FastifyRequest): string | null {
  const header = request.headers[GUEST_TOKEN_HEADER.toLowerCase()];
  if (typeof header === 'string' && header !== '') return header;
  const field = request.routeOptions.config.guestTokenFormField;
  if (!field || !isRecord(request.body)) return null;
  const value = request.body[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

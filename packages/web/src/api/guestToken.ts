/**
 * The guest token of an embedded dashboard (`/embedded/{uuid}`): given by the host page through the
 * embedding SDK, sent with every API request in the `X-GuestToken` header and with the event beacon as
 * the `guest_token` form field. Null everywhere else.
 */

let current: string | null = null;

export function guestToken(): string | null {
  return current;
}

export function setGuestToken(token: string | null): void {
  current = token;
}

/** The embedded dashboard's page, before or after its token: no login page to send anyone to. */
export function isEmbeddedPage(): boolean {
  return current !== null || window.location.pathname.startsWith('/embedded/');
}

/**
 * How an embedded page hands its guest token to the server: the header every API request carries
 * (Superset's `X-GuestToken`), and the form field of the event beacon, which cannot set headers.
 * HTTP header names are case-insensitive; Node lower-cases them on arrival.
 */
export const GUEST_TOKEN_HEADER = 'X-GuestToken';
export const GUEST_TOKEN_FORM_FIELD = 'guest_token';

/**
 * The contract of signing in: API tokens (`/api/v1/security/login`, `/refresh`, as FAB answers them), the
 * CSRF token, the login page's options and self-registration.
 */
import { type Static, Type } from 'typebox';
import { REGISTRATION_LIMITS } from '../signIn/registration.ts';

/** `POST /api/v1/security/login` body. */
export const LoginRequest = Type.Object({
  username: Type.String({ maxLength: 256 }),
  password: Type.String({ maxLength: 1024 }),
  provider: Type.Optional(Type.Union([Type.Literal('db')])),
  refresh: Type.Optional(Type.Boolean()),
});
export type LoginRequest = Static<typeof LoginRequest>;

/** `POST /api/v1/security/login`: an access token, and a refresh token when asked for. */
export const LoginResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.Optional(Type.String()),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** `POST /api/v1/security/refresh`: new tokens; the refresh token replaces the one sent. */
export const RefreshResponse = Type.Object({ access_token: Type.String(), refresh_token: Type.String() });
export type RefreshResponse = Static<typeof RefreshResponse>;

/** `POST /login/` (the browser's form post) body. */
export const LoginFormRequest = Type.Object({
  username: Type.String({ maxLength: 256 }),
  password: Type.String({ maxLength: 1024 }),
  next: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type LoginFormRequest = Static<typeof LoginFormRequest>;

/** `GET /api/v1/security/csrf_token/` → `{ result: token }`. */
export const CsrfTokenResponse = Type.Object({ result: Type.String() });
export type CsrfTokenResponse = Static<typeof CsrfTokenResponse>;

/** `GET /api/v1/security/login_options/`: what the login page offers before anyone is signed in. */
export const LoginOptions = Type.Object({
  /** The username and password form; off when VITRINA_PASSWORD_LOGIN=false. */
  password_login: Type.Boolean(),
  /** Sign-in through the configured OpenID Connect provider: the button's label and where it starts. */
  oidc: Type.Union([Type.Object({ label: Type.String(), url: Type.String() }), Type.Null()]),
  /** Whether people may create their own account (the SELF_REGISTRATION feature flag). */
  self_registration: Type.Boolean(),
});
export type LoginOptions = Static<typeof LoginOptions>;

export const LoginOptionsResponse = Type.Object({ result: LoginOptions });
export type LoginOptionsResponse = Static<typeof LoginOptionsResponse>;

/** `POST /api/v1/security/register/` body: the self-registration form (rules in signIn/registration.ts). */
export const RegistrationRequest = Type.Object(
  {
    username: Type.String({ maxLength: 256 }),
    first_name: Type.String({ maxLength: 256 }),
    last_name: Type.String({ maxLength: 256 }),
    email: Type.String({ maxLength: 1024 }),
    password: Type.String({ maxLength: REGISTRATION_LIMITS.password }),
    password_confirmation: Type.String({ maxLength: REGISTRATION_LIMITS.password }),
    preferred_language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ru')])),
  },
  { additionalProperties: false },
);
export type RegistrationRequest = Static<typeof RegistrationRequest>;

/** `POST /api/v1/security/register/` → 201: the new account, signed in. */
export const RegistrationResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Object({ username: Type.String() }),
});
export type RegistrationResponse = Static<typeof RegistrationResponse>;

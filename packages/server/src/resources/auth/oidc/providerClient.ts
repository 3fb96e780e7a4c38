import type { LoginError } from '@vitrina/common';
import * as client from 'openid-client';
import { isLoopbackUrl, type OidcSettings } from '../../../security/oidcSettings.ts';

/**
 * The conversation with the identity provider through openid-client: discovery (once, retried after a
 * failure), the authorisation request with PKCE, state and nonce, and the code exchange that checks them
 * all and the ID token. Every failure becomes one of the login page's error codes.
 */
export class OidcSignInError extends Error {
  constructor(
    readonly code: LoginError,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcSignInError';
  }
}

export type Claims = Record<string, unknown>;

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface ProviderClient {
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchanges the code the provider sent back to `callbackUrl`; answers the ID token's and userinfo's claims. */
  claimsFor(callbackUrl: URL, checks: { state: string; nonce: string; verifier: string }): Promise<Claims>;
}

/** Errors raised while talking to the provider, read into what the person is told. */
export function signInErrorOf(error: unknown): OidcSignInError {
  if (error instanceof OidcSignInError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcSignInError('oidc_denied', `the provider answered ${error.error}`, { cause: error });
  }
  // invalid_grant: the code expired, was used already or was issued for another verifier.
  if (error instanceof client.ResponseBodyError) {
    const code = error.error === 'invalid_grant' ? 'oidc_code' : 'oidc_failed';
    return new OidcSignInError(code, `the token endpoint answered ${error.error}`, { cause: error });
  }
  if (error instanceof client.ClientError) {
    // A state that is missing or not ours is checked first and reported as an invalid response.
    const stateProblem = /state/i.test(String((error.cause as Error | undefined)?.message ?? error.message));
    if (stateProblem) return new OidcSignInError('oidc_state', error.message, { cause: error });
    const unreachable =
      error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON';
    return new OidcSignInError(unreachable ? 'oidc_unavailable' : 'oidc_failed', error.message, {
      cause: error,
    });
  }
  // fetch failed: the provider is down or unreachable.
  if (error instanceof TypeError) {
    return new OidcSignInError('oidc_unavailable', error.message, { cause: error });
  }
  return new OidcSignInError('oidc_failed', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

export function createProviderClient(settings: OidcSettings): ProviderClient {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      discovered = client
        .discovery(
          issuer,
          settings.clientId,
          settings.clientSecret ? undefined : { token_endpoint_auth_method: 'none' },
          settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
          // Plain HTTP only for a provider on this machine (security/oidcSettings.ts refuses it elsewhere).
          isLoopbackUrl(issuer) && issuer.protocol === 'http:'
            ? { execute: [client.allowInsecureRequests] }
            : {},
        )
        .catch((error: unknown) => {
          // The next sign-in tries again rather than remembering an outage.
          discovered = null;
          throw new OidcSignInError('oidc_unavailable', `discovery at ${settings.issuer} failed`, {
            cause: error,
          });
        });
    }
    return discovered;
  };

  return {
    async authorizationUrl(request) {
      const config = await configuration();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: settings.scopes,
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    async claimsFor(callbackUrl, checks) {
      const config = await configuration();
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.verifier,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new OidcSignInError('oidc_failed', 'no ID token');
        // Many providers put only the subject in the ID token and the profile in userinfo.
        const userInfo = config.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
          : {};
        return { ...idClaims, ...userInfo, sub: idClaims.sub, iss: idClaims.iss };
      } catch (error) {
        throw signInErrorOf(error);
      }
    },
  };
}

/** A new sign-in's secrets: state, nonce, the PKCE verifier and its S256 challenge. */
export async function newFlowSecrets() {
  const verifier = client.randomPKCECodeVerifier();
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    codeChallenge: await client.calculatePKCECodeChallenge(verifier),
  };
}

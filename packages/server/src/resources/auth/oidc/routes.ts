import type { LoginError } from '@vitrina/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ConfigError } from '../../../config.ts';
import { access } from '../../../http/access.ts';
import type { RouteModule } from '../../../http/types.ts';
import { OIDC_CALLBACK_PATH, type OidcSettings } from '../../../security/oidcSettings.ts';
import { roleIdsByName } from '../../roles/repo.ts';
import { startBrowserSession } from '../browserSession.ts';
import { registrationRoleIds } from '../registration/newAccount.ts';
import { safeNextPath } from '../safeNextPath.ts';
import { accountOf, type SignInRoles } from './accountOf.ts';
import { managedRoleNames, readIdentity } from './claims.ts';
import { OIDC_FLOW_COOKIE, OIDC_FLOW_MAX_AGE_SECONDS, openFlow, sealFlow } from './flowCookie.ts';
import { createProviderClient, newFlowSecrets, signInErrorOf } from './providerClient.ts';

export const OIDC_START_PATH = '/login/oidc/';

const Text = Type.Optional(Type.String({ maxLength: 4096 }));

async function signInRoles(ctx: Parameters<RouteModule>[1], settings: OidcSettings): Promise<SignInRoles> {
  const registration = await registrationRoleIds(ctx.metastore.db, ctx.config.signIn.registrationRole);
  const names = managedRoleNames(settings);
  const mapped = await roleIdsByName(ctx.metastore.db, names);
  const missing = names.filter((name) => !mapped.has(name));
  if (missing.length > 0) {
    throw new ConfigError(
      'VITRINA_OIDC_ROLE_MAP',
      `no role is named ${missing.map((n) => `"${n}"`).join(', ')}`,
    );
  }
  return { registration, mapped };
}

/**
 * Sign-in through the OpenID Connect provider (authorisation code with PKCE): `/login/oidc/` sends the browser
 * to the provider, `/login/oidc/callback` takes it back, finds or makes the account and begins the session.
 * Whatever goes wrong comes back to the login page with an error code it explains; nothing answers 500.
 */
export const oidcRoutes: RouteModule = async (app, ctx) => {
  const settings = ctx.config.signIn.oidc;
  if (!settings) return;
  const roles = await signInRoles(ctx, settings);
  const provider = createProviderClient(settings);
  const cookieOptions = {
    // Sent back only to these two addresses, and only for as long as a sign-in may take.
    path: OIDC_START_PATH,
    httpOnly: true,
    // Lax: the provider brings the browser back with a top-level GET from its own site.
    sameSite: 'lax' as const,
    secure: ctx.config.cookieSecure,
  };
  const redirectUriFor = (request: FastifyRequest) =>
    settings.redirectUri ?? `${request.protocol}://${request.host}${OIDC_CALLBACK_PATH}`;
  const backToLogin = (reply: FastifyReply, code: LoginError, next: string) =>
    reply.redirect(`/login/?error=${code}&next=${encodeURIComponent(next)}`);

  app.get(
    OIDC_START_PATH,
    {
      config: { access: access.public() },
      schema: {
        hide: true,
        querystring: Type.Object({ next: Text, lang: Text }),
      },
    },
    async (request, reply) => {
      const next = safeNextPath(request.query.next);
      try {
        const secrets = await newFlowSecrets();
        const url = await provider.authorizationUrl({ ...secrets, redirectUri: redirectUriFor(request) });
        const flow = {
          state: secrets.state,
          nonce: secrets.nonce,
          verifier: secrets.verifier,
          next,
          language: request.query.lang === 'ru' ? ('ru' as const) : ('en' as const),
          expiresAt: Math.floor(Date.now() / 1000) + OIDC_FLOW_MAX_AGE_SECONDS,
        };
        reply.setCookie(OIDC_FLOW_COOKIE, sealFlow(ctx.secretKey, flow), {
          ...cookieOptions,
          maxAge: OIDC_FLOW_MAX_AGE_SECONDS,
        });
        return reply.redirect(url.href);
      } catch (error) {
        const failure = signInErrorOf(error);
        request.log.warn(
          { code: failure.code, reason: failure.message },
          'OpenID Connect sign-in did not start',
        );
        return backToLogin(reply, failure.code, next);
      }
    },
  );

  app.get(
    OIDC_CALLBACK_PATH,
    {
      config: { access: access.public() },
      schema: {
        hide: true,
        // What the provider sends back (RFC 6749 §4.1.2, RFC 9207's iss); anything else is ignored.
        querystring: Type.Object(
          { code: Text, state: Text, iss: Text, error: Text, error_description: Text, session_state: Text },
          { additionalProperties: true },
        ),
      },
    },
    async (request, reply) => {
      const flow = openFlow(ctx.secretKey, request.cookies[OIDC_FLOW_COOKIE]);
      // One use: a second visit of the same answer finds no flow.
      reply.clearCookie(OIDC_FLOW_COOKIE, { path: OIDC_START_PATH });
      if (!flow) {
        // Expired, altered, or an answer to a sign-in this browser never started (login CSRF).
        request.log.warn('OpenID Connect answer without a sign-in in progress');
        return backToLogin(reply, 'oidc_state', '/');
      }
      try {
        const callbackUrl = new URL(redirectUriFor(request));
        callbackUrl.search = new URL(request.url, 'http://callback').search;
        const claims = await provider.claimsFor(callbackUrl, flow);
        const userId = await accountOf(
          ctx.metastore.db,
          readIdentity(claims, settings),
          roles,
          flow.language,
        );
        await startBrowserSession(ctx, request, reply, userId);
        return reply.redirect(flow.next);
      } catch (error) {
        const failure = signInErrorOf(error);
        const level = failure.code === 'oidc_failed' ? 'error' : 'warn';
        request.log[level]({ code: failure.code, reason: failure.message }, 'OpenID Connect sign-in refused');
        return backToLogin(reply, failure.code, flow.next);
      }
    },
  );
};

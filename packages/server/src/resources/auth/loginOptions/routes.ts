import { type LoginOptions, LoginOptionsResponse } from '@vitrina/common/api/auth';
import { access } from '../../../http/access.ts';
import type { RouteModule } from '../../../http/types.ts';
import { OIDC_START_PATH } from '../oidc/routes.ts';

/**
 * `GET /api/v1/security/login_options/`: what the login page offers, asked before anyone is signed in
 * (the feature flags route needs a session).
 */
export const loginOptionsRoutes: RouteModule = (app, ctx) => {
  const { passwordLogin, oidc } = ctx.config.signIn;
  const options: LoginOptions = {
    password_login: passwordLogin,
    oidc: oidc ? { label: oidc.label, url: OIDC_START_PATH } : null,
    self_registration: ctx.config.featureFlags.SELF_REGISTRATION === true,
  };

  app.get(
    '/api/v1/security/login_options/',
    {
      config: { access: access.public() },
      schema: {
        tags: ['Security'],
        summary: 'The ways in the login page offers: password form, identity provider, registration',
        response: { 200: LoginOptionsResponse },
      },
    },
    async () => ({ result: options }),
  );
};

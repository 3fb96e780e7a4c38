import { REGISTRATION_MESSAGES, type RegistrationField, registrationProblems } from '@vitrina/common';
import { RegistrationRequest, RegistrationResponse } from '@vitrina/common/api/auth';
import { access } from '../../../http/access.ts';
import {
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnprocessableError,
} from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { RouteModule } from '../../../http/types.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { startBrowserSession } from '../browserSession.ts';
import { registerAccount, registrationRoleIds, takenMessage } from './newAccount.ts';
import { takenByOthers } from './repo.ts';

/** Sent by our own page: a browser adds Origin to every POST, so another site's form is told apart. */
function fromThisSite(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * `POST /api/v1/security/register/`: a person makes their own account (feature flag SELF_REGISTRATION, off
 * by default) and is signed in at once. The account gets the registration role (none by default); the rest
 * comes through onboarding.
 */
export const registrationRoutes: RouteModule = async (app, ctx) => {
  const roleIds = await registrationRoleIds(ctx.metastore.db, ctx.config.signIn.registrationRole);

  app.post(
    '/api/v1/security/register/',
    {
      // Nobody is signed in yet, so there is no session to bind a CSRF token to; the Origin check stands in.
      config: { access: access.public(), csrfExempt: true },
      schema: {
        tags: ['Security'],
        summary: 'Creates an account for the caller and signs them in (feature flag SELF_REGISTRATION)',
        body: RegistrationRequest,
        response: { 201: RegistrationResponse, ...errorResponses(400, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      if (!ctx.config.featureFlags.SELF_REGISTRATION) throw new NotFoundError();
      if (!fromThisSite(request.headers.origin, request.headers.host)) throw new ForbiddenError();
      // Counted before any work (the password hash is the costly part), in the shared store, so one
      // address cannot fill the users table or the CPU; an office behind one address gets the sign-in budget.
      const { maxFailuresPerAddress, maxFailures, windowSeconds } = ctx.loginRateLimit;
      const attempts = await ctx.platform.counters.increment(`register:address:${request.ip}`, windowSeconds);
      if (attempts > (maxFailuresPerAddress ?? maxFailures)) {
        throw new TooManyRequestsError(
          windowSeconds,
          'Too many accounts created from this address, try again later',
        );
      }
      const body = request.body;
      const problems = registrationProblems(body);
      const fieldErrors: Record<string, string[]> = {};
      for (const [field, problem] of Object.entries(problems)) {
        fieldErrors[field as RegistrationField] = [REGISTRATION_MESSAGES[problem]];
      }
      const username = body.username.trim();
      const email = body.email.trim();
      if (Object.keys(problems).length === 0) {
        for (const field of await takenByOthers(ctx.metastore.db, { username, email })) {
          fieldErrors[field] = [takenMessage(field)];
        }
      }
      if (Object.keys(fieldErrors).length > 0) throw new UnprocessableError(fieldErrors);

      const account = {
        username,
        first_name: body.first_name.trim(),
        last_name: body.last_name.trim(),
        email,
        password_hash: await hashPassword(body.password),
        preferred_language: body.preferred_language ?? 'en',
      };
      const userId = await registerAccount(ctx.metastore.db, account, roleIds);
      await startBrowserSession(ctx, request, reply, userId);
      return reply.code(201).send({ id: userId, result: { username } });
    },
  );
};

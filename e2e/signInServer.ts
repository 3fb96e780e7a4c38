import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../packages/server/src/testing/oidcProvider.ts';
import { startExtraServer } from './extraServer.ts';
import { ADMIN, test as base, expect } from './fixtures.ts';

export { expect };

/**
 * Journeys of the ways in (OIDC, self-registration) need a server configured for them, which the other
 * journeys' servers are not: each worker starts its own here, on a port of its own, with a real OpenID
 * Connect provider in this process and self-registration switched on, and stops both when done.
 */
export interface SignInServer {
  url: string;
  provider: TestOidcProvider;
  /** The provider button's label on the login page. */
  providerLabel: string;
}

const PROVIDER_LABEL = 'Test IdP';
/** Past the ports the regular journey servers take (playwright.config.ts: 8188 + worker). */
const PORT_OFFSET = 40;

export const test = base.extend<object, { signInServer: SignInServer }>({
  signInServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from this pattern.
    async ({}, use, workerInfo) => {
      const port = Number(process.env.VITRINA_E2E_PORT ?? 8188) + PORT_OFFSET + workerInfo.parallelIndex;
      const provider = await startOidcProvider({
        redirectUris: [`http://127.0.0.1:${port}/login/oidc/callback`],
      });
      try {
        const server = await startExtraServer({
          portOffset: PORT_OFFSET,
          workerIndex: workerInfo.parallelIndex,
          name: 'sign-in',
          role: 'serve',
          env: {
            VITRINA_ADMIN_PASSWORD: ADMIN.password,
            VITRINA_LOAD_EXAMPLES: 'false',
            VITRINA_FEATURE_FLAGS: JSON.stringify({ SELF_REGISTRATION: true }),
            VITRINA_OIDC_ISSUER: provider.issuer,
            VITRINA_OIDC_CLIENT_ID: provider.clientId,
            VITRINA_OIDC_CLIENT_SECRET: provider.clientSecret,
            VITRINA_OIDC_LABEL: PROVIDER_LABEL,
          },
        });
        try {
          await use({ url: server.url, provider, providerLabel: PROVIDER_LABEL });
        } finally {
          await server.stop();
        }
      } finally {
        await provider.close();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ signInServer }, use) => {
    await use(signInServer.url);
  },
});

/** Chooses the login or register page's language as a person does, before anyone is signed in. */
export async function chooseLoginLanguage(page: Page, language: 'en' | 'ru'): Promise<void> {
  await page.getByText(language.toUpperCase(), { exact: true }).click();
}

/** Signs in at the test provider's own login page (any login; it becomes the account's subject). */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** The sign-in server's admin, through the API as a script would. */
export async function adminApi(
  baseURL: string,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/v1/security/login', { data: { ...ADMIN, provider: 'db' } });
  expect(login.ok(), await login.text()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  return { api, headers: { Authorization: `Bearer ${access_token}` } };
}

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Another application that embeds a Vitrina dashboard, as its developers would build it: a page on its
 * own origin that loads the published `@superset-ui/embedded-sdk` bundle and calls `embedDashboard`, and
 * a back end that signs in to Vitrina's API as a service account and asks for each viewer's guest token.
 */

export interface HostOptions {
  /** Vitrina's origin. */
  vitrina: string;
  /** The embedded dashboard's uuid (the embed ID). */
  embedId: string;
  /** The account the host's back end signs in with (may grant guest tokens). */
  service: { username: string; password: string };
  /** What the host grants each viewer. */
  grant: {
    resources: Array<{ type: 'dashboard'; id: string }>;
    rls: Array<{ dataset?: number; clause: string }>;
  };
  /** Sends this instead of a real token (a forged or expired one). */
  tokenOverride?: string;
}

export interface EmbeddingHost {
  origin: string;
  /** How many guest tokens the back end handed out. */
  tokensIssued: () => number;
  close: () => Promise<void>;
}

const require = createRequire(import.meta.url);
const SDK_BUNDLE = path.join(
  path.dirname(require.resolve('@superset-ui/embedded-sdk/package.json')),
  'bundle/index.js',
);

function pageHtml(options: HostOptions): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Host application</title>
<style>body{font-family:sans-serif;margin:16px} #dashboard iframe{width:100%;height:900px;border:1px solid #ccc}</style>
</head><body>
<h1>Partner portal</h1>
<div id="dashboard"></div>
<script src="/sdk.js"></script>
<script>
  supersetEmbeddedSdk.embedDashboard({
    id: ${JSON.stringify(options.embedId)},
    supersetDomain: ${JSON.stringify(options.vitrina)},
    mountPoint: document.getElementById('dashboard'),
    fetchGuestToken: () => fetch('/guest-token').then((r) => r.json()).then((b) => b.token),
    dashboardUiConfig: { hideTitle: false, filters: { expanded: false } },
  });
</script>
</body></html>`;
}

async function guestToken(options: HostOptions): Promise<string> {
  if (options.tokenOverride) return options.tokenOverride;
  const login = await fetch(`${options.vitrina}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...options.service, provider: 'db', refresh: false }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const granted = await fetch(`${options.vitrina}/api/v1/security/guest_token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({
      user: { username: 'partner-viewer', first_name: 'Pat', last_name: 'Ner' },
      ...options.grant,
    }),
  });
  if (!granted.ok) throw new Error(`guest token refused: ${granted.status} ${await granted.text()}`);
  return ((await granted.json()) as { token: string }).token;
}

export async function startEmbeddingHost(options: HostOptions): Promise<EmbeddingHost> {
  let issued = 0;
  const sdk = readFileSync(SDK_BUNDLE);
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
    } else if (url === '/guest-token') {
      guestToken(options).then(
        (token) => {
          issued += 1;
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token }));
        },
        (error: Error) => response.writeHead(502).end(error.message),
      );
    } else if (url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(options));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    tokensIssued: () => issued,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

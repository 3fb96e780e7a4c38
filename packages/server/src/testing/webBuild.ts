import fs from 'node:fs';
import path from 'node:path';

/**
 * The built web app and the browser, for tests that draw real pages (screenshots). `npm test` builds
 * the web app and installs Chromium before the unit tests; a run without them skips these tests with
 * one line saying why, except in CI, where their absence fails the run.
 */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');
const CHROMIUM = process.env.VITRINA_CHROMIUM ?? '/usr/bin/chromium';

export function browserTestsReady(): boolean {
  const missing = [
    ...(fs.existsSync(path.join(WEB_DIST, 'index.html'))
      ? []
      : [`the web build (${WEB_DIST}; npm run build:web)`]),
    ...(fs.existsSync(CHROMIUM) ? [] : [`Chromium (${CHROMIUM}; node scripts/ensure-chromium.mjs)`]),
  ];
  if (missing.length === 0) return true;
  const message = `${missing.join(' and ')} missing`;
  if (process.env.CI === 'true') throw new Error(`${message}, and CI=true requires them`);
  console.warn(`[tests] ${message}: the screenshot tests are skipped on this machine`);
  return false;
}

// Test tools cannot download a browser here, so everything comes from Debian's Chromium packages:
// `chromium` takes the server's report screenshots, and `chromium-headless-shell` (the same Chromium
// build without the desktop browser around it, what Playwright itself runs headless) drives the journeys.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const binaries = [
  { path: process.env.VITRINA_CHROMIUM ?? '/usr/bin/chromium', debianPackage: 'chromium' },
  {
    path: process.env.E2E_BROWSER ?? '/usr/bin/chromium-headless-shell',
    debianPackage: 'chromium-headless-shell',
  },
];
const missing = binaries.filter((binary) => !fs.existsSync(binary.path));
if (missing.length === 0) process.exit(0);

const packages = missing.map((binary) => binary.debianPackage);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Missing ${missing.map((binary) => binary.path).join(' and ')}. Install with "sudo apt-get install -y ${packages.join(' ')}" (Debian/Ubuntu), or point VITRINA_CHROMIUM / E2E_BROWSER at Chromium binaries.`,
  );
  process.exit(1);
}
console.log(`Installing ${packages.join(' and ')} from the Debian packages…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-q'],
  ['install', '-y', '-q', ...packages],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(1);
  }
}
const stillMissing = missing.filter((binary) => !fs.existsSync(binary.path));
if (stillMissing.length) {
  console.error(
    `apt-get finished but ${stillMissing.map((binary) => binary.path).join(' and ')} is still missing.`,
  );
  process.exit(1);
}

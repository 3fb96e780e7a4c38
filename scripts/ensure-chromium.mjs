// The e2e suite drives Debian's Chromium; test tools cannot download a browser here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.VITRINA_CHROMIUM ?? '/usr/bin/chromium';

if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is not installed at ${chromium}. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu), or point VITRINA_CHROMIUM at a Chromium binary.`,
  );
  process.exit(1);
}
console.log('Installing Chromium from the Debian packages…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-q'],
  ['install', '-y', '-q', 'chromium'],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(1);
  }
}
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}

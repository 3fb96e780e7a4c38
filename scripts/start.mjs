// npm start: build the web bundle when missing or stale, then run every role in one process.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { webBundleIsStale } from './webBundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

if (webBundleIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@vitrina/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'packages/server/bin/vitrina.mjs'), 'all'], {
  cwd: root,
  stdio: 'inherit',
});
// Pass stop signals on, and exit with the server's code once it has closed cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

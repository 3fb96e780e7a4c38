// Whether the web bundle is missing or older than its sources (shared by start and test).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(root, 'packages/web/dist');
const sources = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/web/public',
  'packages/common/src',
  'package-lock.json',
].map((p) => path.join(root, p));

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function webBundleIsStale() {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

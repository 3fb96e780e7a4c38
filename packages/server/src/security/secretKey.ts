import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'secret_key';

/**
 * The configured key, or one generated on first start and kept in the data dir so sessions and
 * encrypted passwords survive restarts. Scaled out, every process must be given the same
 * VITRINA_SECRET_KEY instead.
 */
export function resolveSecretKey(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process won the race; then use its key.
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

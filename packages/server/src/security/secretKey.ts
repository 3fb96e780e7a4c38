import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, makeFilePrivate, PRIVATE_FILE_MODE } from '../platform/privateFiles.ts';

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
    const key = fs.readFileSync(file, 'utf8').trim();
    // A key written by an older version may be readable by others.
    makeFilePrivate(file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDir(dataDir);
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process won the race; then use its key.
    fs.writeFileSync(file, key, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return key;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

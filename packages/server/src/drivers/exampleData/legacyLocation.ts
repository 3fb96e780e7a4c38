import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../../platform/privateFiles.ts';
import { walPath } from './duckdbFile.ts';

/**
 * Before data files had their own folder, the examples file lived in the data dir itself, where no
 * data source may point any more. Moves it (with its write-ahead log) to `target` in the files folder,
 * so an installation keeps its example data; loadExamples then re-points the `examples` row at it.
 * When `target` already exists the old file is a leftover and is removed.
 */
export function moveLegacyExamplesFile(dataDir: string, target: string): 'moved' | 'removed' | 'none' {
  const legacy = path.join(dataDir, path.basename(target));
  if (legacy === target || !fs.existsSync(legacy)) return 'none';
  if (fs.existsSync(target)) {
    fs.rmSync(walPath(legacy), { force: true });
    fs.rmSync(legacy, { force: true });
    return 'removed';
  }
  ensurePrivateDir(path.dirname(target));
  if (fs.existsSync(walPath(legacy))) fs.renameSync(walPath(legacy), walPath(target));
  fs.renameSync(legacy, target);
  return 'moved';
}

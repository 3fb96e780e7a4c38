import { isRecord } from '../../isRecord.ts';
import { aggregate } from './aggregate.ts';
import { boxplot } from './boxplot.ts';
import { compare } from './compare.ts';
import { contribution } from './contribution.ts';
import { cum } from './cum.ts';
import { diff } from './diff.ts';
import { flatten } from './flatten.ts';
import { geodeticParse, geohashDecode, geohashEncode } from './geography.ts';
import { histogram } from './histogram.ts';
import { pivot } from './pivot.ts';
import { rank } from './rank.ts';
import { rename } from './rename.ts';
import { resample } from './resample.ts';
import { rolling } from './rolling.ts';
import { select } from './select.ts';
import { escapeSeparator, unescapeSeparator } from './separator.ts';
import { sort } from './sort.ts';
import {
  type DataFrame,
  isPostProcessingOperationName,
  PostProcessingError,
  type PostProcessingOperation,
  type PostProcessingOperationName,
} from './types.ts';

export * from './frame.ts';
export { toEpochMs } from './time.ts';
export * from './types.ts';
export { joinLevels, LEVEL_SEPARATOR, splitLevels } from './util.ts';

type Runner = (frame: DataFrame, options: unknown) => DataFrame;

const refuseProphet: Runner = () => {
  throw new PostProcessingError('prophet', undefined, 'The prophet (forecast) operation is not supported');
};

/** One runner per operation; a Record so that a missing one fails the build. */
const RUNNERS: Record<PostProcessingOperationName, Runner> = {
  aggregate,
  pivot,
  rolling,
  cum,
  resample,
  contribution,
  compare,
  sort,
  rename,
  flatten,
  boxplot,
  histogram,
  diff,
  select,
  rank,
  geohash_decode: geohashDecode,
  geohash_encode: geohashEncode,
  geodetic_parse: geodeticParse,
  escape_separator: escapeSeparator,
  unescape_separator: unescapeSeparator,
  prophet: refuseProphet,
};

/**
 * Runs Superset post-processing operations in order. Operations never mutate their input.
 * Null entries (Superset's frontend leaves `undefined` for disabled operators) are skipped.
 * Throws PostProcessingError for an unknown operation or bad options.
 */
export function applyPostProcessing(
  frame: DataFrame,
  operations: readonly (PostProcessingOperation | null | undefined)[] | null | undefined,
): DataFrame {
  let current = frame;
  for (const raw of operations ?? []) {
    if (raw === null || raw === undefined) continue;
    const op = raw as unknown;
    if (!isRecord(op))
      throw new PostProcessingError('?', 'operation', 'A post-processing entry must be an object');
    const name = op.operation;
    if (!isPostProcessingOperationName(name)) {
      throw new PostProcessingError(
        String(name),
        'operation',
        `Unsupported post processing operation: ${String(name)}`,
      );
    }
    current = RUNNERS[name](current, op.options);
  }
  return current;
}

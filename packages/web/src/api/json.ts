import JSONbig from 'json-bigint';

/**
 * JSON with big-number support: integers beyond 2^53 (64-bit ids, BIGINT values) come back as exact
 * strings instead of silently rounded numbers. Everything else parses as plain JSON.
 */
const bigJson = JSONbig({ storeAsString: true });

export function parseJson(text: string): unknown {
  return bigJson.parse(text);
}

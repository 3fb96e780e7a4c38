/**
 * JSON kept as UTF-8 bytes on its way to the socket: a large answer is written by the engine as bytes,
 * stored in the cache as bytes and sent as bytes, and the few fields added on the way (is_cached,
 * timings) are appended without decoding it.
 */

const CLOSE_BRACE = 0x7d;
const OPEN_BRACE = 0x7b;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * The JSON object in `object` with `fields` (`"a":1,"b":2`, already encoded) added at its end:
 * `{"x":0}` → `{"x":0,"a":1,"b":2}`.
 */
export function appendJsonFields(object: Buffer, fields: string): Buffer {
  let end = object.length - 1;
  while (end >= 0 && isSpace(object[end] as number)) end--;
  let start = 0;
  while (start < end && isSpace(object[start] as number)) start++;
  if (object[start] !== OPEN_BRACE || object[end] !== CLOSE_BRACE) {
    throw new Error('appendJsonFields: not a JSON object');
  }
  let last = end - 1;
  while (last > start && isSpace(object[last] as number)) last--;
  const empty = last === start;
  return Buffer.concat([object.subarray(0, end), Buffer.from(`${empty ? '' : ','}${fields}}`, 'utf8')]);
}

/** `head` + each item with commas between + `tail`, as one buffer (`[`…`]` around JSON values). */
export function joinJsonBytes(head: string, items: readonly Buffer[], tail: string): Buffer {
  const comma = Buffer.from(',');
  const pieces: Buffer[] = [Buffer.from(head, 'utf8')];
  items.forEach((item, index) => {
    if (index > 0) pieces.push(comma);
    pieces.push(item);
  });
  pieces.push(Buffer.from(tail, 'utf8'));
  return Buffer.concat(pieces);
}

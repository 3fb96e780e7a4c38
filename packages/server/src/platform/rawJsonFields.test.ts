import { describe, expect, it } from 'vitest';
import {
  copyWithRawFields,
  encodeWithRawFields,
  pickWithRawFields,
  setRawJsonField,
} from './rawJsonFields.ts';

const encoded = (value: object) => encodeWithRawFields(value).toString('utf8');

describe('raw JSON fields', () => {
  const withRaw = () => {
    const value: Record<string, unknown> = { a: 1, data: null, z: 'end' };
    // A text a re-encoding would change (`12.0`, spacing): spliced as it is, never re-encoded.
    setRawJsonField(value, 'data', Buffer.from('[{"n":12.0} ,{"n":"ё"}]', 'utf8'));
    return value;
  };

  it('splices the bytes in their place when encoded, without reading them', () => {
    expect(encoded(withRaw())).toBe('{"a":1,"data":[{"n":12.0} ,{"n":"ё"}],"z":"end"}');
  });

  it('reads as the parsed value, for JSON.stringify and spreads alike', () => {
    const value = withRaw();
    expect(value.data).toEqual([{ n: 12 }, { n: 'ё' }]);
    expect(value.data).toBe(value.data);
    expect(JSON.stringify(value)).toBe('{"a":1,"data":[{"n":12},{"n":"ё"}],"z":"end"}');
    expect({ ...value }.data).toEqual([{ n: 12 }, { n: 'ё' }]);
  });

  it('keeps a copy raw, and a field assigned over is an ordinary one again', () => {
    const copy = copyWithRawFields(withRaw());
    copy.extra = true;
    expect(encoded(copy)).toBe('{"a":1,"data":[{"n":12.0} ,{"n":"ё"}],"z":"end","extra":true}');
    copy.data = [1];
    expect(encoded(copy)).toBe('{"a":1,"data":[1],"z":"end","extra":true}');
  });

  it('leaves out what JSON.stringify leaves out, and encodes plain objects as it does', () => {
    const value = withRaw();
    value.skipped = undefined;
    expect(encoded(value)).not.toContain('skipped');
    expect(encoded({ b: [1, 'x'], c: null })).toBe('{"b":[1,"x"],"c":null}');
  });

  it('picks fields in the order asked, raw ones unread, missing ones as null', () => {
    const pick = pickWithRawFields(withRaw(), ['data', 'missing', 'a']);
    expect(encoded(pick)).toBe('{"data":[{"n":12.0} ,{"n":"ё"}],"missing":null,"a":1}');
    expect(pick.data).toEqual([{ n: 12 }, { n: 'ё' }]);
  });
});

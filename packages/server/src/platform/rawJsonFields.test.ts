import { describe, expect, it } from 'vitest';
import { copyWithRawFields, setRawJsonField, stringifyWithRawFields } from './rawJsonFields.ts';

describe('raw JSON fields', () => {
  const withRaw = () => {
    const value: Record<string, unknown> = { a: 1, data: null, z: 'end' };
    // A text a re-encoding would change (`12.0`, spacing): spliced as it is, never re-encoded.
    setRawJsonField(value, 'data', '[{"n":12.0} ,{"n":null}]');
    return value;
  };

  it('splices the text in its place when encoded, without reading it', () => {
    expect(stringifyWithRawFields(withRaw())).toBe('{"a":1,"data":[{"n":12.0} ,{"n":null}],"z":"end"}');
  });

  it('reads as the parsed value, for JSON.stringify and spreads alike', () => {
    const value = withRaw();
    expect(value.data).toEqual([{ n: 12 }, { n: null }]);
    expect(value.data).toBe(value.data);
    expect(JSON.stringify(value)).toBe('{"a":1,"data":[{"n":12},{"n":null}],"z":"end"}');
    expect({ ...value }.data).toEqual([{ n: 12 }, { n: null }]);
  });

  it('keeps a copy raw, and a field assigned over is an ordinary one again', () => {
    const copy = copyWithRawFields(withRaw());
    copy.extra = true;
    expect(stringifyWithRawFields(copy)).toBe(
      '{"a":1,"data":[{"n":12.0} ,{"n":null}],"z":"end","extra":true}',
    );
    copy.data = [1];
    expect(stringifyWithRawFields(copy)).toBe('{"a":1,"data":[1],"z":"end","extra":true}');
  });

  it('leaves out what JSON.stringify leaves out, and encodes plain objects as it does', () => {
    const value = withRaw();
    value.skipped = undefined;
    expect(stringifyWithRawFields(value)).not.toContain('skipped');
    expect(stringifyWithRawFields({ b: [1, 'x'], c: null })).toBe('{"b":[1,"x"],"c":null}');
  });
});

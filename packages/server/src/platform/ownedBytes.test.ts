import { describe, expect, it } from 'vitest';
import { ownedBytes } from './ownedBytes.ts';

describe('ownedBytes', () => {
  it('copies small values into memory of their own, where Buffer.from shares a slab', () => {
    const text = '{"columns":[],"rows":[[1]]}';
    // The hazard: a small pooled Buffer is a view on a larger shared ArrayBuffer.
    expect(Buffer.from(text, 'utf8').buffer.byteLength).toBeGreaterThan(text.length);
    const fromText = ownedBytes(text);
    expect(fromText.toString('utf8')).toBe(text);
    expect(fromText.buffer.byteLength).toBe(fromText.byteLength);
    const source = Buffer.from('Привет', 'utf8');
    const fromBytes = ownedBytes(source);
    expect(fromBytes.equals(source)).toBe(true);
    expect(fromBytes.buffer.byteLength).toBe(source.byteLength);
    source[0] = 0;
    expect(fromBytes[0]).not.toBe(0);
    expect(ownedBytes('').byteLength).toBe(0);
  });
});

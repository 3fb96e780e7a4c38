import { describe, expect, it } from 'vitest';
import { readNdjsonLines } from './ndjsonLines.ts';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('readNdjsonLines', () => {
  it('joins lines split across chunks, even inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('{"a":"Москва"}\n\n{"b":2}\n{"c":3}');
    const chunks = [bytes.slice(0, 9), bytes.slice(9, 20), bytes.slice(20)];
    const lines: string[] = [];
    await readNdjsonLines(streamOf(chunks), (line) => lines.push(line));
    expect(lines).toEqual(['{"a":"Москва"}', '{"b":2}', '{"c":3}']);
  });
});

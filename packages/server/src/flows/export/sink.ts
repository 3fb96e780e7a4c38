import type { Writable } from 'node:stream';

/** Writes a chunk and, when the sink's buffer is full, waits for 'drain' (or fails on error/close). */
export async function writeChunk(sink: Writable, chunk: Buffer | string): Promise<void> {
  if (sink.destroyed) throw sink.errored ?? new Error('The output stream was closed');
  if (sink.write(chunk)) return;
  await waitForDrain(sink);
}

export function waitForDrain(sink: Writable): Promise<void> {
  if (!sink.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      sink.off('drain', onDrain);
      sink.off('error', onError);
      sink.off('close', onClose);
    };
    const onDrain = (): void => {
      cleanup();
      resolve();
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => {
      cleanup();
      reject(new Error('The output stream was closed'));
    };
    sink.on('drain', onDrain);
    sink.on('error', onError);
    sink.on('close', onClose);
  });
}

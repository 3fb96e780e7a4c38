/**
 * The `batches` of a StreamedResult: pulls one batch from the database per `next()`, so memory stays
 * bounded by the batch size, and releases the connection exactly once — when the rows run out, when
 * fetching fails, or when the consumer stops early (`break` calls `return()`), even before it has read
 * the first batch (an unstarted async generator would skip its `finally`, which is why this is not one).
 */
export interface BatchSource<T = unknown[][]> {
  /** The next batch, or null when there are no more rows. */
  next(): Promise<T | null>;
  /** Ends the query and gives the connection back; called once. */
  close(): Promise<void>;
}

export function batchStream<T = unknown[][]>(source: BatchSource<T>): AsyncIterable<T> {
  let finished = false;
  let iterated = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await source.close();
  };
  const iterator: AsyncIterator<T> = {
    async next() {
      if (finished) return { done: true, value: undefined };
      let batch: T | null;
      try {
        batch = await source.next();
      } catch (error) {
        await finish().catch(() => undefined);
        throw error;
      }
      if (batch === null) {
        await finish();
        return { done: true, value: undefined };
      }
      return { done: false, value: batch };
    },
    async return() {
      await finish();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      await finish();
      throw error;
    },
  };
  return {
    [Symbol.asyncIterator]() {
      if (iterated) throw new Error('A query stream can be read only once');
      iterated = true;
      return iterator;
    },
  };
}

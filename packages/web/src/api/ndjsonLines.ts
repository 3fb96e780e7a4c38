/**
 * Reads a newline-delimited body as it arrives and hands each complete, non-empty line to `onLine`.
 * A last line without a trailing newline is delivered when the body ends.
 */
export async function readNdjsonLines(
  body: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const deliver = (final: boolean) => {
    const parts = buffered.split('\n');
    buffered = final ? '' : (parts.pop() ?? '');
    for (const part of parts) if (part.trim()) onLine(part);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    deliver(false);
  }
  buffered += decoder.decode();
  deliver(true);
}

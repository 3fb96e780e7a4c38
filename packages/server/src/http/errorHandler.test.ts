import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errorHandler.ts';
import type { App } from './types.ts';

/** A bare app with the error handler, whose log lines are kept as parsed objects. */
function appWithLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandler(app as unknown as App);
  return { app, lines };
}

const fail = (code?: string) => () => {
  const error = new Error(code ? 'Premature close' : 'boom') as Error & { code?: string };
  if (code) error.code = code;
  throw error;
};

describe('the error handler', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('logs an unexpected failure as an error and answers 500 without internals', async () => {
    const { app, lines } = appWithLog();
    close = () => app.close();
    app.get('/boom', fail());
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Fatal error' });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['unhandled error']);
  });

  it('logs a client that closed its connection mid-answer as information, not as an error', async () => {
    const { app, lines } = appWithLog();
    close = () => app.close();
    app.get('/gone', fail('ERR_STREAM_PREMATURE_CLOSE'));
    await app.inject({ url: '/gone' });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain(
      'the client closed the connection before its answer ended',
    );
  });
});

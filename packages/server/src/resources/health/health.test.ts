import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';

describe('health endpoints', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => harness?.close());
  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it('answers /health/live while the process runs, with no login', async () => {
    const response = await get('/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });
  });

  it('answers /health/ready 200 naming each part it checked (no Redis configured)', async () => {
    const response = await get('/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', checks: { metastore: 'ok', queue: 'ok' } });
  });

  it('answers /health/ready 503 naming the metastore when it does not answer', async () => {
    const ping = vi.spyOn(harness.ctx.metastore, 'ping').mockResolvedValue(false);
    try {
      const response = await get('/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { metastore: 'failed', queue: 'ok' },
      });
      // The older check says the same.
      expect((await get('/health')).statusCode).toBe(503);
      // Liveness does not depend on it: restarting the process would not bring the metastore back.
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      ping.mockRestore();
    }
  });

  it('answers /health/ready 503 naming the queue when its store throws', async () => {
    const ping = vi.spyOn(harness.ctx.platform.queue, 'ping').mockRejectedValue(new Error('connection lost'));
    try {
      const response = await get('/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { metastore: 'ok', queue: 'failed' },
      });
    } finally {
      ping.mockRestore();
    }
  });

  it('checks Redis when it is configured', async () => {
    harness.ctx.platform.pingRedis = async () => false;
    try {
      const response = await get('/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ metastore: 'ok', redis: 'failed', queue: 'ok' });
    } finally {
      harness.ctx.platform.pingRedis = null;
    }
  });
});

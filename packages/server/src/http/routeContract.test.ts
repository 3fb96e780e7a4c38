import { readdirSync } from 'node:fs';
import { ErrorBody } from '@vitrina/common/api/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

/**
 * The REST contract is defined once, in common/src/api: a route's body and success responses are
 * schemas exported there (so the web's types are derived from what the server serialises), and every
 * error status declares the one ErrorBody (so no route-specific schema can reshape an error).
 */

const CONTRACT_DIR = new URL('../../../common/src/api/', import.meta.url);

async function contractSchemas(): Promise<Set<unknown>> {
  const schemas = new Set<unknown>();
  for (const file of readdirSync(CONTRACT_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const module: Record<string, unknown> = await import(new URL(file, CONTRACT_DIR).href);
    for (const value of Object.values(module)) if (value && typeof value === 'object') schemas.add(value);
  }
  return schemas;
}

function nameOf(route: RouteOptions): string {
  return `${[route.method].flat().join(',')} ${route.url}`;
}

describe('every route takes its schemas from the one contract in common/src/api', () => {
  let harness: TestApp;
  let routes: RouteOptions[];
  let contract: Set<unknown>;
  beforeAll(async () => {
    harness = await createTestApp();
    routes = harness.app.declaredRoutes.filter((route) => route.url.startsWith('/api/'));
    contract = await contractSchemas();
  });
  afterAll(async () => harness.close());

  it('declares only the one ErrorBody for every error status', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(responses)) {
        if (Number(status) >= 400 && schema !== ErrorBody) wrong.push(`${nameOf(route)} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  /** A response's schemas: itself, or each media type's under Fastify's `content` (a streamed answer). */
  function contractSchemasOf(response: unknown): unknown[] {
    const content = (response as { content?: Record<string, { schema?: unknown }> }).content;
    return content ? Object.values(content).map((media) => media.schema) : [response];
  }

  /** The body and success-response schemas of a route that are not exported by common/src/api. */
  function outsideContract(route: RouteOptions): string[] {
    const { body, response = {} } = (route.schema ?? {}) as { body?: unknown; response?: object };
    const wrong = body !== undefined && !contract.has(body) ? [`${nameOf(route)} body`] : [];
    for (const [status, schema] of Object.entries(response)) {
      if (Number(status) < 400 && !contractSchemasOf(schema).every((one) => contract.has(one))) {
        wrong.push(`${nameOf(route)} ${status}`);
      }
    }
    return wrong;
  }
  it('declares bodies and success responses exported by common/src/api', () => {
    const wrong = routes.flatMap(outsideContract);
    expect(wrong).toEqual([]);
  });
});

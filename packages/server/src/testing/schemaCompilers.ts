import { createRequire } from 'node:module';
import type { SchemaCompilers } from '../app.ts';

/**
 * Fastify's own schema compilers, each schema compiled once per process for every test app.
 *
 * A server compiles its route schemas once, at start-up. A test file builds an app per suite and per
 * metastore, and each app compiled all of them again at `ready`: every response schema through
 * fast-json-stringify, which makes a new Ajv for each. That was 4 to 8 s of every test app, most of a
 * file's time. The compiled functions depend only on the schema (and the options and shared schemas,
 * part of the key), so apps built with these share them; what a schema compiles to is Fastify's
 * default compilers' answer, unchanged.
 */

type Compile = (route: { schema: object }) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

// The compilers Fastify itself defaults to, at the versions this Fastify depends on.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const fastifyValidators = (fromFastify('@fastify/ajv-compiler') as () => Factory)();
const fastifySerializers = (fromFastify('@fastify/fast-json-stringify-compiler') as () => Factory)();

interface Compiled {
  /** By schema object: most route schemas are module constants, the same objects in every app. */
  byObject: WeakMap<object, unknown>;
  /** By content: Fastify copies some schemas per app (header names lower-cased). */
  byContent: Map<string, unknown>;
}

function sharing(build: Factory): Factory {
  const pools = new Map<string, Compiled>();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const key = JSON.stringify([externalSchemas, options]);
    let compiled = pools.get(key);
    if (!compiled) {
      compiled = { byObject: new WeakMap(), byContent: new Map() };
      pools.set(key, compiled);
    }
    const { byObject, byContent } = compiled;
    return (route) => {
      if (byObject.has(route.schema)) return byObject.get(route.schema);
      const content = JSON.stringify(route.schema);
      const known = byContent.has(content);
      // A schema that fails to compile is not stored: it fails again in the next app.
      const fn = known ? byContent.get(content) : compile(route);
      if (!known) byContent.set(content, fn);
      byObject.set(route.schema, fn);
      return fn;
    };
  };
}

export const sharedSchemaCompilers = {
  buildValidator: sharing(fastifyValidators),
  buildSerializer: sharing(fastifySerializers),
} as unknown as SchemaCompilers;

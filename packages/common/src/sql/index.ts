export * from './dialect.ts';
export * from './dialects/index.ts';
export * from './engines.ts';
export * from './template.ts';
export * from './timeGrains.ts';
export * from './uri.ts';

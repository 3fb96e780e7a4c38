export * from './api/list.ts';
export * from './api/security.ts';
export * from './list/index.ts';

export * from './api/database.ts';
export * from './api/dataset.ts';
export * from './api/list.ts';
export * from './api/security.ts';
export * from './i18n/index.ts';
export * from './list/index.ts';

export * from './metadata.ts';

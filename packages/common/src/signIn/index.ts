export * from './loginOptions.ts';
export * from './registration.ts';

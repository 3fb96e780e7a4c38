export * from './dodoRole.ts';
export * from './roles.ts';
export * from './statement.ts';
export * from './steps.ts';
export * from './teamName.ts';

export * from './display.ts';
export * from './objectTypes.ts';

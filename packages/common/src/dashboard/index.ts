export * from './metadata.ts';
export * from './metadataMigrate.ts';
export * from './nativeFiltersChange.ts';
export * from './save.ts';
export * from './staleSaveDiff.ts';
export * from './urlParams.ts';

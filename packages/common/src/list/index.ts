export * from './coerceFilterValue.ts';
export * from './decodeRison.ts';
export * from './encodeRison.ts';
export * from './listKeys.ts';
export * from './listSpec.ts';
export * from './operators.ts';
export * from './parseListQuery.ts';

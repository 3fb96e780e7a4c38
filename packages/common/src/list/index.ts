export * from './coerceFilterValue.ts';
export * from './decodeRison.ts';
export * from './encodeRison.ts';
export * from './listSpec.ts';
export * from './operators.ts';
export * from './parseListQuery.ts';

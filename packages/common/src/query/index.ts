export * from './errors.ts';
export * from './metricExpression.ts';
export * from './normalize.ts';
export * from './types.ts';

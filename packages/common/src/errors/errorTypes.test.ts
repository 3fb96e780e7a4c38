import { describe, expect, it } from 'vitest';
import { errorKindOf, errorTypesOf } from './errorTypes.ts';

describe('error kinds', () => {
  it('sorts Superset error types into the kinds the web app renders', () => {
    expect(errorKindOf('FRONTEND_TIMEOUT_ERROR')).toBe('timeout');
    expect(errorKindOf('FRONTEND_NETWORK_ERROR')).toBe('network');
    expect(errorKindOf('TABLE_DOES_NOT_EXIST_ERROR')).toBe('database');
    expect(errorKindOf('DATASOURCE_SECURITY_ACCESS_ERROR')).toBe('security');
    expect(errorKindOf('MISSING_TEMPLATE_PARAMS_ERROR')).toBe('template');
    expect(errorKindOf('SQLLAB_TIMEOUT_ERROR')).toBe('sqlLab');
  });

  it('leaves unknown and missing types to the generic box', () => {
    expect(errorKindOf('SOMETHING_NEW_ERROR')).toBeUndefined();
    expect(errorKindOf(undefined)).toBeUndefined();
  });

  it('gives no type two kinds', () => {
    const kinds = ['timeout', 'network', 'database', 'security', 'template', 'sqlLab'] as const;
    const all = kinds.flatMap((kind) => errorTypesOf(kind));
    expect(new Set(all).size).toBe(all.length);
  });
});

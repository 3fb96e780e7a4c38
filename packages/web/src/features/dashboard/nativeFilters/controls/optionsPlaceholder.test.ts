import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../../../api/errors.ts';
import { optionsLook } from './optionsPlaceholder.ts';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key;

describe('optionsLook', () => {
  it('counts the options, red when their load failed', () => {
    expect(optionsLook(null, 3, t)).toEqual({
      placeholder: 'nativeFilters.bar.selectPlaceholder:{"count":3}',
      status: undefined,
      disabled: false,
    });
    expect(optionsLook(errorFromResponse(500, { message: 'Boom' }), 0, t).status).toBe('error');
  });

  it('says the person lacks access when the grant is refused, not a red Options: 0', () => {
    const refused = errorFromResponse(403, {
      errors: [{ message: 'This endpoint requires access', error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR' }],
    });
    expect(optionsLook(refused, 0, t)).toEqual({
      placeholder: 'access.noDataAccess.filter',
      status: undefined,
      disabled: true,
    });
  });
});

import { errorKindOf } from '@vitrina/common';
import { ApiError } from '../../../../api/errors.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface OptionsLook {
  placeholder: string;
  status: 'error' | undefined;
  /** Nothing to choose from and nothing the person can fix here: their roles do not open the data. */
  disabled: boolean;
}

/**
 * How a value filter's select reads from its options' load: 'Options: N', red on a failure — but a refused
 * grant on the filter's dataset says the person lacks access instead of a red 'Options: 0'.
 */
export function optionsLook(error: Error | null, optionCount: number, t: Translate): OptionsLook {
  if (error instanceof ApiError && (errorKindOf(error.errorType) === 'security' || error.status === 403)) {
    return { placeholder: t('access.noDataAccess.filter'), status: undefined, disabled: true };
  }
  return {
    placeholder: t('nativeFilters.bar.selectPlaceholder', { count: optionCount }),
    status: error ? 'error' : undefined,
    disabled: false,
  };
}

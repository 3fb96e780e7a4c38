/** The 'Filter value is required' option every filter type offers. */
import type { FilterControlConfig } from './definition.ts';

export const enableEmptyFilterControl: FilterControlConfig = {
  name: 'enableEmptyFilter',
  type: 'CheckboxControl',
  labelKey: 'nativeFilters.controls.enableEmptyFilter',
  descriptionKey: 'nativeFilters.controls.enableEmptyFilterDescription',
  default: false,
  affectsValue: true,
};

import { FILTER_CONTROLS } from './registry.ts';
import type { FilterControlProps } from './types.ts';

/** The control of a filter's type (controls/registry.ts). */
export function FilterControl(props: FilterControlProps) {
  const Control = FILTER_CONTROLS[props.filter.filterType];
  return <Control {...props} />;
}

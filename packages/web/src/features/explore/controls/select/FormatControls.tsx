import type { ControlProps } from '../types.ts';
import { SelectControl } from './SelectControl.tsx';

/** A d3 number format: the control's choices, or any pattern typed. */
export function NumberFormatControl(props: ControlProps) {
  return <SelectControl {...props} control={{ ...props.control, freeForm: true, multi: false }} />;
}

/** A d3 time format: the control's choices, or any pattern typed. */
export function TimeFormatControl(props: ControlProps) {
  return <SelectControl {...props} control={{ ...props.control, freeForm: true, multi: false }} />;
}

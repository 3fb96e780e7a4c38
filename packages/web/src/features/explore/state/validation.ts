/**
 * Explore's control validation: every visible control runs its validators (common/validation) and the
 * messages are collected per control; while any control has one, the chart cannot be run.
 */
import type { ControlConfig, ControlPanelConfig, FormData, ValidationMessage } from '@vitrina/common';
import { validators } from '@vitrina/common';
import { panelControls } from './formData.ts';

export type ControlErrors = Record<string, ValidationMessage[]>;

export function isControlVisible(control: ControlConfig, formData: FormData): boolean {
  return control.visibility ? control.visibility(formData) : true;
}

/** Messages of every visible control that fails a validator, keyed by control name. */
export function validateControls(formData: FormData, panel: ControlPanelConfig): ControlErrors {
  const errors: ControlErrors = {};
  for (const control of panelControls(panel)) {
    if (!control.validators?.length || !isControlVisible(control, formData)) continue;
    const messages = validators.validate(formData[control.name], formData, control.validators);
    if (messages.length > 0) errors[control.name] = messages;
  }
  return errors;
}

export function hasControlErrors(errors: ControlErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The failing controls with their labels, in panel order (the chart area lists them). */
export function failingControls(
  errors: ControlErrors,
  panel: ControlPanelConfig,
): Array<{ control: ControlConfig; messages: ValidationMessage[] }> {
  return panelControls(panel)
    .filter((control) => errors[control.name])
    .map((control) => ({ control, messages: errors[control.name] ?? [] }));
}

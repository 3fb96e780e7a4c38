import { type ControlChoice, type ControlConfig, validators } from '@vitrina/common';

type Translate = (key: string) => string;

/** A control is required when it runs the nonEmpty validator: its label gets an asterisk. */
export function isRequired(control: ControlConfig): boolean {
  return control.validators?.includes(validators.nonEmpty) ?? false;
}

/** A choice's text: its i18n key in the UI language, else its literal label, else the value itself. */
export function choiceLabel(choice: ControlChoice, t: Translate): string {
  if (choice.labelKey) {
    const text = t(choice.labelKey);
    // A key missing from the catalogue comes back as itself: the literal label is better then.
    if (text !== choice.labelKey || !choice.label) return text;
  }
  return choice.label ?? String(choice.value);
}

/** Whether a value is "nothing" for a control (what nonEmpty rejects). */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A control's value as a list: multi controls hold lists, single ones one value or nothing. */
export function asList<T>(value: unknown): T[] {
  if (isBlank(value)) return [];
  return Array.isArray(value) ? (value as T[]) : [value as T];
}

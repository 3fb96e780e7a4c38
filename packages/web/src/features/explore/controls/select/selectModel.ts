import type { ControlChoice } from '@vitrina/common';
import { isBlank } from '../shared/controlMeta.ts';

export type ChoiceValue = ControlChoice['value'];

const sameValue = (a: unknown, b: unknown) =>
  a === b || (a !== null && b !== null && String(a) === String(b));

/** The choice a value is, compared as text too (row limit 100 and '100' are one choice). */
export function findChoice(choices: readonly ControlChoice[], value: unknown): ControlChoice | undefined {
  return choices.find((choice) => sameValue(choice.value, value));
}

/**
 * The spec's rule for selects that are not free form: values not among the choices are dropped. A single
 * value becomes null, a list loses its unknown entries. Free-form selects keep everything.
 */
export function keepKnownValues(
  value: unknown,
  choices: readonly ControlChoice[],
  freeForm: boolean,
): unknown {
  if (freeForm || isBlank(value)) return value;
  if (Array.isArray(value)) {
    const known = value.filter((item) => findChoice(choices, item) !== undefined);
    return known.length === value.length ? value : known;
  }
  return findChoice(choices, value) === undefined ? null : value;
}

/** A typed value of a free-form select: a number when the choices are numbers and the text reads as one. */
export function typedValue(text: string, choices: readonly ControlChoice[]): ChoiceValue {
  const trimmed = text.trim();
  const numericChoices = choices.length > 0 && choices.every((choice) => typeof choice.value === 'number');
  const number = Number(trimmed);
  if (numericChoices && trimmed !== '' && Number.isFinite(number)) return number;
  return trimmed;
}

/** antd's select works with text and numbers; booleans and null travel as text keys. */
export function toOptionValue(value: ChoiceValue): string | number {
  if (typeof value === 'number' || typeof value === 'string') return value;
  return `__${String(value)}__`;
}

export function fromOptionValue(
  optionValue: string | number,
  choices: readonly ControlChoice[],
): ChoiceValue {
  const choice = choices.find((item) => toOptionValue(item.value) === optionValue);
  return choice ? choice.value : optionValue;
}

import type { ControlChoice } from '@vitrina/common';
import { Select } from 'antd';
import { type ClipboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { asList, choiceLabel } from '../shared/controlMeta.ts';
import { hasSeparators, PASTE_SEPARATORS, splitPastedValues } from '../shared/splitValues.ts';
import type { ControlProps } from '../types.ts';
import {
  type ChoiceValue,
  findChoice,
  fromOptionValue,
  keepKnownValues,
  toOptionValue,
  typedValue,
} from './selectModel.ts';

interface SelectFieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  choices: readonly ControlChoice[];
  freeForm: boolean;
  multi: boolean;
  clearable: boolean;
  id?: string;
  placeholder?: string;
}

/**
 * A select over a control's choices. Values not among them are dropped unless the select is free form,
 * which also takes typed values (numbers stay numbers when the choices are numbers). In multi mode
 * pasted text is split into values.
 */
export function SelectField({
  value,
  onChange,
  choices,
  freeForm,
  multi,
  clearable,
  id,
  placeholder,
}: SelectFieldProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const known = keepKnownValues(value, choices, freeForm);

  useEffect(() => {
    if (known !== value) onChange(known);
  }, [known, value, onChange]);

  const current = asList<ChoiceValue>(known);
  const options = choices.map((choice) => ({
    value: toOptionValue(choice.value),
    label: choiceLabel(choice, t),
  }));
  if (freeForm) {
    for (const item of current)
      if (!findChoice(choices, item)) options.push({ value: toOptionValue(item), label: String(item) });
    const typed = search.trim();
    if (typed && !options.some((option) => String(option.value) === typed || option.label === typed))
      options.push({ value: typed, label: typed });
  }

  const toValue = (optionValue: string | number): ChoiceValue => {
    const fromChoice = fromOptionValue(optionValue, choices);
    return findChoice(choices, fromChoice) ? fromChoice : typedValue(String(optionValue), choices);
  };

  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData('text');
    if (!multi || !hasSeparators(text)) return;
    event.preventDefault();
    const pasted = splitPastedValues(text).map((item) => toValue(item));
    const accepted = freeForm ? pasted : pasted.filter((item) => findChoice(choices, item));
    onChange([
      ...current,
      ...accepted.filter((item) => !current.some((existing) => String(existing) === String(item))),
    ]);
  };

  if (multi) {
    return (
      <div onPasteCapture={onPaste}>
        <Select
          id={id}
          mode={freeForm ? 'tags' : 'multiple'}
          style={{ width: '100%' }}
          placeholder={placeholder}
          tokenSeparators={freeForm ? [...PASTE_SEPARATORS] : undefined}
          showSearch={{ optionFilterProp: 'label' }}
          value={current.map(toOptionValue)}
          onChange={(next: Array<string | number>) => onChange(next.map(toValue))}
          options={options}
        />
      </div>
    );
  }

  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      placeholder={placeholder}
      allowClear={clearable}
      showSearch={{ optionFilterProp: 'label', onSearch: freeForm ? setSearch : undefined }}
      value={current.length > 0 ? toOptionValue(current[0] as ChoiceValue) : undefined}
      onChange={(next: string | number | undefined) => {
        setSearch('');
        onChange(next === undefined ? null : toValue(next));
      }}
      options={options}
    />
  );
}

interface SelectControlProps extends ControlProps {
  /** Choices computed by the caller (time grains from the dataset); the control's own otherwise. */
  choices?: readonly ControlChoice[];
}

/** Choices from the control; free form, multi and clearable as the control says. */
export function SelectControl({ choices, ...props }: SelectControlProps) {
  const { control, value, onChange, errors } = props;
  const id = useId();
  return (
    <ControlFrame control={control} errors={errors} htmlFor={id}>
      <SelectField
        id={id}
        value={value}
        onChange={onChange}
        choices={choices ?? control.choices ?? []}
        freeForm={control.freeForm === true}
        multi={control.multi === true}
        clearable={control.clearable === true}
      />
    </ControlFrame>
  );
}

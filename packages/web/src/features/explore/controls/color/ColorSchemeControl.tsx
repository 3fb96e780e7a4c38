import {
  CATEGORICAL_SCHEMES,
  type ColorScheme,
  type ControlChoice,
  DEFAULT_COLOR_SCHEME,
  SEQUENTIAL_SCHEMES,
} from '@vitrina/common';
import { Flex, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import type { ControlProps } from '../types.ts';

const SWATCHES_SHOWN = 10;

/** The schemes a control offers: those its choices name (categorical or sequential), else the categorical. */
export function schemesFor(choices: readonly ControlChoice[] | undefined): readonly ColorScheme[] {
  if (!choices || choices.length === 0) return CATEGORICAL_SCHEMES;
  const all = [...CATEGORICAL_SCHEMES, ...SEQUENTIAL_SCHEMES];
  return choices
    .map((choice) => all.find((scheme) => scheme.id === choice.value))
    .filter((scheme): scheme is ColorScheme => scheme !== undefined);
}

function Swatches({ colors }: { colors: readonly string[] }) {
  return (
    <Flex gap={1} aria-hidden="true">
      {colors.slice(0, SWATCHES_SHOWN).map((color) => (
        <span
          key={color}
          style={{ width: 12, height: 12, borderRadius: 2, background: color, display: 'inline-block' }}
        />
      ))}
    </Flex>
  );
}

/** A colour scheme, each shown by its name and its first colours. */
export function ColorSchemeControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  const id = useId();
  const schemes = schemesFor(control.choices);
  const fallback = typeof control.default === 'string' ? control.default : DEFAULT_COLOR_SCHEME;
  // An unknown saved scheme draws with the default one, so the select says so.
  const current = schemes.some((scheme) => scheme.id === value) ? (value as string) : fallback;

  return (
    <ControlFrame control={control} errors={errors} htmlFor={id}>
      <Select
        id={id}
        style={{ width: '100%' }}
        value={current}
        onChange={(next: string) => onChange(next)}
        options={schemes.map((scheme) => ({ value: scheme.id, label: t(scheme.labelKey), scheme }))}
        optionRender={(option) => (
          <Flex vertical gap={2}>
            <span>{option.label}</span>
            <Swatches colors={(option.data.scheme as ColorScheme).colors} />
          </Flex>
        )}
        labelRender={(option) => {
          const scheme = schemes.find((item) => item.id === option.value);
          return (
            <Flex align="center" gap={8}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{option.label}</span>
              {scheme && <Swatches colors={scheme.colors} />}
            </Flex>
          );
        }}
      />
    </ControlFrame>
  );
}

import { DEFAULT_FIXED_COLOR, type RgbaColor } from '@vitrina/common';
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import type { ControlProps } from '../types.ts';

function isRgba(value: unknown): value is RgbaColor {
  if (!value || typeof value !== 'object') return false;
  const { r, g, b } = value as Record<string, unknown>;
  return typeof r === 'number' && typeof g === 'number' && typeof b === 'number';
}

/** The colour a control shows: its value, its default, or the spec's rgb(0,122,135). */
export function rgbaOf(value: unknown, fallback: unknown): Required<RgbaColor> {
  const color = isRgba(value) ? value : isRgba(fallback) ? fallback : DEFAULT_FIXED_COLOR;
  return { r: color.r, g: color.g, b: color.b, a: color.a ?? 1 };
}

/** One colour, stored as `{r, g, b, a}` as Superset's colour picker stores it. */
export function ColorPickerControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  const color = rgbaOf(value, control.default);
  return (
    <ControlFrame control={control} errors={errors}>
      <ColorPicker
        aria-label={t(control.labelKey)}
        showText
        value={`rgba(${color.r},${color.g},${color.b},${color.a})`}
        onChange={(next) => {
          const { r, g, b, a } = next.toRgb();
          onChange({ r, g, b, a: Math.round(a * 100) / 100 });
        }}
      />
    </ControlFrame>
  );
}

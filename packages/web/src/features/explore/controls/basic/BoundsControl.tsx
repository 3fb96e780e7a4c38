import { Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import type { ControlProps } from '../types.ts';

type Bound = number | null;

/** `[min, max]` as Superset stores axis and colour bounds; either may be empty (then it is automatic). */
export function boundsOf(value: unknown): [Bound, Bound] {
  const pick = (item: unknown): Bound => {
    if (item === null || item === undefined || item === '') return null;
    const number = Number(item);
    return Number.isFinite(number) ? number : null;
  };
  return Array.isArray(value) ? [pick(value[0]), pick(value[1])] : [null, null];
}

/** Two optional numbers, minimum and maximum. */
export function BoundsControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  const [min, max] = boundsOf(value);
  const status = errors.length > 0 ? 'error' : undefined;
  return (
    <ControlFrame control={control} errors={errors}>
      <Flex gap={8}>
        <InputNumber
          aria-label={t('controls.bounds.min')}
          placeholder={t('controls.bounds.min')}
          style={{ width: '100%' }}
          value={min}
          status={status}
          onChange={(next) => onChange([typeof next === 'number' ? next : null, max])}
        />
        <InputNumber
          aria-label={t('controls.bounds.max')}
          placeholder={t('controls.bounds.max')}
          style={{ width: '100%' }}
          value={max}
          status={status}
          onChange={(next) => onChange([min, typeof next === 'number' ? next : null])}
        />
      </Flex>
    </ControlFrame>
  );
}

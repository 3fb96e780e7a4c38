import { Button, ColorPicker, Flex, InputNumber, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { asList } from '../shared/controlMeta.ts';
import { OptionList } from '../shared/OptionList.tsx';
import { resultColumns } from '../shared/resultColumns.ts';
import type { ControlProps } from '../types.ts';
import {
  BETWEEN_COMPARATORS,
  buildRule,
  COMPARATORS,
  type Comparator,
  cssColor,
  PRESET_COLORS,
  type RuleDraft,
  ruleDraft,
  ruleLabel,
} from './conditionalFormatting.ts';

const COLOR_KEYS: Record<(typeof PRESET_COLORS)[number], string> = {
  colorSuccess: 'controls.formatting.colors.green',
  colorWarning: 'controls.formatting.colors.amber',
  colorError: 'controls.formatting.colors.red',
};

interface RuleEditorProps {
  rule: Record<string, unknown> | null;
  columns: string[];
  onSave: (rule: Record<string, unknown>) => void;
  onClose: () => void;
}

function RuleEditor({ rule, columns, onSave, onClose }: RuleEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RuleDraft>(() => ruleDraft(rule));
  const update = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const built = buildRule(draft);
  const between = BETWEEN_COMPARATORS.includes(draft.operator);
  const number = (key: 'targetValue' | 'targetValueLeft' | 'targetValueRight', label: string) => (
    <InputNumber
      aria-label={label}
      placeholder={label}
      value={draft[key]}
      onChange={(value) => update({ [key]: typeof value === 'number' ? value : null })}
      style={{ flex: 1 }}
    />
  );

  return (
    <Flex vertical gap={8} style={{ width: 300 }}>
      <Select
        aria-label={t('controls.formatting.column')}
        placeholder={t('controls.formatting.column')}
        value={draft.column ?? undefined}
        onChange={(column: string) => update({ column })}
        options={columns.map((column) => ({ value: column, label: column }))}
        notFoundContent={t('controls.formatting.noColumns')}
      />
      <Select
        aria-label={t('controls.formatting.operator')}
        value={draft.operator}
        onChange={(operator: Comparator) => update({ operator })}
        options={COMPARATORS.map((operator) => ({
          value: operator,
          label: operator === 'None' ? t('controls.formatting.none') : operator,
        }))}
      />
      {draft.operator !== 'None' && (
        <Flex gap={8}>
          {between ? (
            <>
              {number('targetValueLeft', t('controls.formatting.leftValue'))}
              {number('targetValueRight', t('controls.formatting.rightValue'))}
            </>
          ) : (
            number('targetValue', t('controls.formatting.targetValue'))
          )}
        </Flex>
      )}
      <Flex gap={8} align="center">
        <Select
          aria-label={t('controls.formatting.color')}
          style={{ flex: 1 }}
          value={draft.colorScheme}
          onChange={(colorScheme: string) => update({ colorScheme })}
          options={[
            ...PRESET_COLORS.map((color) => ({ value: color, label: t(COLOR_KEYS[color]) })),
            ...((PRESET_COLORS as readonly string[]).includes(draft.colorScheme)
              ? []
              : [{ value: draft.colorScheme, label: draft.colorScheme }]),
          ]}
          labelRender={(option) => (
            <Flex align="center" gap={6}>
              <span
                style={{ width: 12, height: 12, borderRadius: 2, background: cssColor(String(option.value)) }}
              />
              {option.label}
            </Flex>
          )}
        />
        <ColorPicker
          format="hex"
          value={cssColor(draft.colorScheme)}
          onChangeComplete={(color) => update({ colorScheme: color.toHexString().toUpperCase() })}
        />
      </Flex>
      <Flex justify="flex-end" gap={8}>
        <Button size="small" onClick={onClose}>
          {t('controls.common.close')}
        </Button>
        <Button size="small" type="primary" disabled={!built} onClick={() => built && onSave({ ...built })}>
          {t('controls.common.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** Colour rules for a table's numeric columns (`conditional_formatting`). */
export function ConditionalFormattingControl({
  control,
  value,
  onChange,
  formData,
  datasource,
  errors,
}: ControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const rules = asList<Record<string, unknown>>(value);
  const columns = resultColumns(formData, datasource)
    .filter((column) => column.kind === 'numeric')
    .map((column) => column.name);

  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <OptionList<Record<string, unknown>, never>
        controlName={control.name}
        labelledBy={labelId}
        items={rules}
        multi
        itemLabel={ruleLabel}
        placeholder={t('controls.formatting.add')}
        onChange={onChange}
        onDropPayload={() => null}
        renderEditor={({ item, onSave, onClose }) => (
          <RuleEditor rule={item} columns={columns} onSave={onSave} onClose={onClose} />
        )}
      />
    </ControlFrame>
  );
}

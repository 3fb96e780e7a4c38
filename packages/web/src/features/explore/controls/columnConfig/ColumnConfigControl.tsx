import { SettingOutlined } from '@ant-design/icons';
import { NUMBER_FORMAT_CHOICES, TIME_FORMAT_CHOICES } from '@vitrina/common';
import { Button, Checkbox, Empty, Flex, InputNumber, Popover, Radio, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../select/SelectControl.tsx';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { type ResultColumn, resultColumns } from '../shared/resultColumns.ts';
import type { ControlProps } from '../types.ts';
import {
  type ColumnConfig,
  columnConfigMapOf,
  type HorizontalAlign,
  withColumnConfig,
} from './columnConfig.ts';

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <span className="explore-editor-label">{label}</span>
      {children}
    </Flex>
  );
}

interface ColumnSettingsProps {
  column: ResultColumn;
  config: ColumnConfig;
  onChange: (patch: Partial<ColumnConfig>) => void;
}

/** One column's settings; each change applies at once, as Superset's column config does. */
function ColumnSettings({ column, config, onChange }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const numeric = column.kind === 'numeric';
  return (
    <Flex vertical gap={10} style={{ width: 300 }}>
      {numeric && (
        <Setting label={t('controls.columnConfig.numberFormat')}>
          <SelectField
            value={config.d3NumberFormat ?? null}
            onChange={(format) => onChange({ d3NumberFormat: (format as string | null) ?? undefined })}
            choices={NUMBER_FORMAT_CHOICES}
            freeForm
            multi={false}
            clearable
            placeholder={t('controls.columnConfig.chartDefault')}
          />
        </Setting>
      )}
      {column.kind === 'temporal' && (
        <Setting label={t('controls.columnConfig.timeFormat')}>
          <SelectField
            value={config.d3TimeFormat ?? null}
            onChange={(format) => onChange({ d3TimeFormat: (format as string | null) ?? undefined })}
            choices={TIME_FORMAT_CHOICES}
            freeForm
            multi={false}
            clearable
            placeholder={t('controls.columnConfig.chartDefault')}
          />
        </Setting>
      )}
      <Setting label={t('controls.columnConfig.alignment')}>
        <Radio.Group
          optionType="button"
          value={config.horizontalAlign ?? (numeric ? 'right' : 'left')}
          onChange={(event) => onChange({ horizontalAlign: event.target.value as HorizontalAlign })}
          options={(['left', 'center', 'right'] as const).map((align) => ({
            value: align,
            label: t(`controls.columnConfig.align.${align}`),
          }))}
        />
      </Setting>
      <Setting label={t('controls.columnConfig.width')}>
        <InputNumber
          aria-label={t('controls.columnConfig.width')}
          min={1}
          precision={0}
          suffix="px"
          placeholder={t('controls.columnConfig.auto')}
          value={config.columnWidth ?? null}
          onChange={(width) => onChange({ columnWidth: typeof width === 'number' ? width : undefined })}
          style={{ width: '100%' }}
        />
      </Setting>
      {numeric && (
        <Flex vertical gap={2}>
          <Checkbox
            checked={config.showCellBars ?? true}
            onChange={(event) => onChange({ showCellBars: event.target.checked })}
          >
            {t('controls.columnConfig.showCellBars')}
          </Checkbox>
          <Checkbox
            checked={config.alignPositiveNegative ?? false}
            onChange={(event) => onChange({ alignPositiveNegative: event.target.checked })}
          >
            {t('controls.columnConfig.alignPositiveNegative')}
          </Checkbox>
          <Checkbox
            checked={config.colorPositiveNegative ?? false}
            onChange={(event) => onChange({ colorPositiveNegative: event.target.checked })}
          >
            {t('controls.columnConfig.colorPositiveNegative')}
          </Checkbox>
        </Flex>
      )}
    </Flex>
  );
}

/** Display settings per result column of a table (`column_config`). */
export function ColumnConfigControl({
  control,
  value,
  onChange,
  formData,
  datasource,
  errors,
}: ControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const map = columnConfigMapOf(value);
  const columns = resultColumns(formData, datasource);

  return (
    <ControlFrame control={control} errors={errors}>
      {columns.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('controls.columnConfig.noColumns')} />
      ) : (
        <Flex vertical gap={4}>
          {columns.map((column) => {
            const configured = map[column.name] !== undefined;
            return (
              <Flex key={column.name} align="center" justify="space-between" gap={8}>
                <Typography.Text ellipsis style={{ fontWeight: configured ? 500 : 400 }}>
                  {column.name}
                </Typography.Text>
                <Popover
                  trigger="click"
                  placement="right"
                  open={open === column.name}
                  onOpenChange={(next) => setOpen(next ? column.name : null)}
                  content={
                    <ColumnSettings
                      column={column}
                      config={map[column.name] ?? {}}
                      onChange={(patch) => onChange(withColumnConfig(map, column.name, patch))}
                    />
                  }
                >
                  <Button
                    size="small"
                    type={configured ? 'primary' : 'text'}
                    ghost={configured}
                    icon={<SettingOutlined />}
                    aria-label={t('controls.columnConfig.edit', { column: column.name })}
                  />
                </Popover>
              </Flex>
            );
          })}
        </Flex>
      )}
    </ControlFrame>
  );
}

import { ExclamationCircleFilled } from '@ant-design/icons';
import type { ControlConfig, ControlPanelConfig, ExploreDataset, FormData } from '@vitrina/common';
import { Collapse, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTROL_COMPONENTS } from '../controls/index.ts';
import { type ControlErrors, isControlVisible } from '../state/validation.ts';

interface ControlPanelProps {
  panel: ControlPanelConfig;
  formData: FormData;
  dataset: ExploreDataset;
  errors: ControlErrors;
  onChange: (control: ControlConfig, value: unknown) => void;
}

const NO_ERRORS: never[] = [];

function ControlSlot({
  control,
  value,
  formData,
  dataset,
  errors,
  onChange,
}: {
  control: ControlConfig;
  value: unknown;
  formData: FormData;
  dataset: ExploreDataset;
  errors: ControlErrors[string] | undefined;
  onChange: ControlPanelProps['onChange'];
}) {
  const Component = CONTROL_COMPONENTS[control.type];
  return (
    <div style={{ flex: 1, minWidth: 0 }} data-control-name={control.name}>
      <Component
        control={control}
        value={value}
        onChange={(next) => onChange(control, next)}
        formData={formData}
        datasource={dataset}
        errors={errors ?? NO_ERRORS}
      />
    </div>
  );
}

/**
 * The middle column of explore: the chart type's sections and rows of controls, each drawn by its
 * control component. A control whose visibility says no is left out; a section with a failing control
 * shows a mark in its header.
 */
export function ControlPanel({ panel, formData, dataset, errors, onChange }: ControlPanelProps) {
  const { t } = useTranslation();
  const items = panel.sections.map((section, index) => {
    const rows = section.controlRows
      .map((row) => row.filter((control) => isControlVisible(control, formData)))
      .filter((row) => row.length > 0);
    const failing = rows.flat().some((control) => errors[control.name]);
    return {
      key: String(index),
      label: (
        <Flex align="center" gap={6}>
          <span>{t(section.labelKey)}</span>
          {failing && (
            <Tooltip title={t('explore.controls.sectionHasErrors')}>
              <ExclamationCircleFilled
                aria-label={t('explore.controls.sectionHasErrors')}
                style={{ color: 'var(--ant-color-error)' }}
              />
            </Tooltip>
          )}
        </Flex>
      ),
      children: (
        <Flex vertical gap={12}>
          {rows.map((row) => (
            <Flex key={row.map((control) => control.name).join('|')} gap={8} align="flex-start">
              {row.map((control) => (
                <ControlSlot
                  key={control.name}
                  control={control}
                  value={formData[control.name]}
                  formData={formData}
                  dataset={dataset}
                  errors={errors[control.name]}
                  onChange={onChange}
                />
              ))}
            </Flex>
          ))}
        </Flex>
      ),
    };
  });
  const expanded = panel.sections.flatMap((section, index) => (section.expanded ? [String(index)] : []));
  return <Collapse size="small" defaultActiveKey={expanded} items={items} />;
}

import { Button, Checkbox, ColorPicker, Flex, Input, InputNumber, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANNOTATION_TYPES,
  type AnnotationLayer,
  type AnnotationProblem,
  type AnnotationType,
  annotationLayerOf,
  annotationProblems,
  LINE_STYLES,
  newAnnotationLayer,
  OPACITIES,
  type SourceType,
  sourceTypesOf,
  withSource,
  withType,
} from './annotationLayer.ts';
import { useNativeLayers, useSourceChart, useSourceCharts } from './sourceCharts.ts';

interface AnnotationLayerEditorProps {
  layer: unknown;
  /** Names of the other layers: a name is used once. */
  takenNames: string[];
  onSave: (layer: AnnotationLayer) => void;
  onClose: () => void;
}

const OVERRIDES = ['time_range', 'time_grain_sqla'] as const;

function Field({
  label,
  problem,
  children,
}: {
  label: string;
  problem?: string | null;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={4}>
      <span className="explore-editor-label">{label}</span>
      {children}
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The annotation layer form: name, type, its source or formula, and how it is drawn. */
export function AnnotationLayerEditor({
  layer: initial,
  takenNames,
  onSave,
  onClose,
}: AnnotationLayerEditorProps) {
  const { t } = useTranslation();
  const [layer, setLayer] = useState<AnnotationLayer>(() =>
    initial ? annotationLayerOf(initial) : newAnnotationLayer(),
  );
  const [search, setSearch] = useState('');
  const update = (patch: Partial<AnnotationLayer>) => setLayer((current) => ({ ...current, ...patch }));
  const problems = annotationProblems(layer, takenNames);
  // Only what the user already touched is marked; a fresh form is not a wall of red.
  const [touched, setTouched] = useState<Set<AnnotationProblem>>(new Set());
  const touch = (field: AnnotationProblem) => setTouched((current) => new Set(current).add(field));
  const problem = (field: AnnotationProblem) =>
    touched.has(field) && problems.includes(field) ? t(`controls.annotation.problems.${field}`) : null;

  const charts = useSourceCharts(layer.sourceType, search);
  const source = useSourceChart(layer);
  const columnChoices = (source.data?.columns ?? []).map((column) => ({ value: column, label: column }));
  const sourceOptions = [
    ...(source.data && !charts.data?.some((chart) => chart.id === source.data.id)
      ? [{ value: source.data.id, label: source.data.sliceName }]
      : []),
    ...(charts.data ?? []).map((chart) => ({ value: chart.id, label: chart.slice_name })),
  ];
  const isFormula = layer.annotationType === 'FORMULA';
  const isNative = layer.sourceType === 'NATIVE';
  const fromTable = !isNative && (layer.annotationType === 'EVENT' || layer.annotationType === 'INTERVAL');
  const sourceTypes = sourceTypesOf(layer.annotationType);
  const nativeLayers = useNativeLayers(isNative, search);

  return (
    <Flex vertical gap={10} style={{ width: 380, maxHeight: '70vh', overflowY: 'auto' }}>
      <Field label={t('controls.annotation.name')} problem={problem('name')}>
        <Input
          aria-label={t('controls.annotation.name')}
          value={layer.name}
          onChange={(event) => update({ name: event.target.value })}
          onBlur={() => touch('name')}
        />
      </Field>
      <Checkbox checked={layer.show} onChange={(event) => update({ show: event.target.checked })}>
        {t('controls.annotation.show')}
      </Checkbox>
      <Field label={t('controls.annotation.type')}>
        <Select
          aria-label={t('controls.annotation.type')}
          value={layer.annotationType}
          onChange={(annotationType: AnnotationType) =>
            setLayer((current) => withType(current, annotationType))
          }
          options={ANNOTATION_TYPES.map((type) => ({
            value: type,
            label: t(`controls.annotation.types.${type}`),
          }))}
        />
      </Field>

      {isFormula ? (
        <Field label={t('controls.annotation.formula')} problem={problem('formula')}>
          <Input
            aria-label={t('controls.annotation.formula')}
            value={String(layer.value ?? '')}
            placeholder="2*x + 5"
            onChange={(event) => update({ value: event.target.value })}
            onBlur={() => touch('formula')}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('controls.annotation.formulaHint')}
          </Typography.Text>
        </Field>
      ) : (
        <>
          {sourceTypes.length > 1 && (
            <Field label={t('controls.annotation.sourceType')}>
              <Select
                aria-label={t('controls.annotation.sourceType')}
                value={layer.sourceType}
                onChange={(sourceType: SourceType) => {
                  setSearch('');
                  setLayer((current) => withSource(current, sourceType));
                }}
                options={sourceTypes.map((sourceType) => ({
                  value: sourceType,
                  label: t(`controls.annotation.sourceTypes.${sourceType || 'none'}`),
                }))}
              />
            </Field>
          )}
          {isNative ? (
            <Field label={t('controls.annotation.nativeLayer')} problem={problem('source')}>
              <Select
                aria-label={t('controls.annotation.nativeLayer')}
                showSearch={{ filterOption: false, onSearch: setSearch }}
                loading={nativeLayers.isFetching}
                notFoundContent={
                  nativeLayers.isFetching ? t('controls.common.loading') : t('controls.annotation.noLayers')
                }
                value={layer.value === null || layer.value === '' ? undefined : Number(layer.value)}
                onChange={(value: number) => update({ value })}
                onBlur={() => touch('source')}
                options={(nativeLayers.data ?? []).map((native) => ({
                  value: native.id,
                  label: native.name,
                }))}
              />
            </Field>
          ) : (
            <Field label={t('controls.annotation.sourceChart')} problem={problem('source')}>
              <Select
                aria-label={t('controls.annotation.sourceChart')}
                showSearch={{ filterOption: false, onSearch: setSearch }}
                loading={charts.isFetching}
                notFoundContent={
                  charts.isFetching ? t('controls.common.loading') : t('controls.annotation.noCharts')
                }
                value={layer.value === null || layer.value === '' ? undefined : Number(layer.value)}
                onChange={(value: number) =>
                  update({
                    value,
                    timeColumn: '',
                    intervalEndColumn: '',
                    titleColumn: '',
                    descriptionColumns: [],
                  })
                }
                onBlur={() => touch('source')}
                options={sourceOptions}
              />
            </Field>
          )}
          {fromTable && (
            <>
              <Field label={t('controls.annotation.timeColumn')} problem={problem('timeColumn')}>
                <Select
                  aria-label={t('controls.annotation.timeColumn')}
                  value={layer.timeColumn || undefined}
                  onChange={(timeColumn: string) => update({ timeColumn })}
                  onBlur={() => touch('timeColumn')}
                  options={columnChoices}
                />
              </Field>
              {layer.annotationType === 'INTERVAL' && (
                <Field
                  label={t('controls.annotation.intervalEndColumn')}
                  problem={problem('intervalEndColumn')}
                >
                  <Select
                    aria-label={t('controls.annotation.intervalEndColumn')}
                    value={layer.intervalEndColumn || undefined}
                    onChange={(intervalEndColumn: string) => update({ intervalEndColumn })}
                    onBlur={() => touch('intervalEndColumn')}
                    options={columnChoices}
                  />
                </Field>
              )}
              <Field label={t('controls.annotation.titleColumn')}>
                <Select
                  aria-label={t('controls.annotation.titleColumn')}
                  allowClear
                  value={layer.titleColumn || undefined}
                  onChange={(titleColumn?: string) => update({ titleColumn: titleColumn ?? '' })}
                  options={columnChoices}
                />
              </Field>
              <Field label={t('controls.annotation.descriptionColumns')}>
                <Select
                  aria-label={t('controls.annotation.descriptionColumns')}
                  mode="multiple"
                  value={layer.descriptionColumns}
                  onChange={(descriptionColumns: string[]) => update({ descriptionColumns })}
                  options={columnChoices}
                />
              </Field>
            </>
          )}
          {!isNative && (
            <Flex vertical gap={2}>
              {OVERRIDES.map((key) => (
                <Checkbox
                  key={key}
                  checked={key in layer.overrides}
                  onChange={(event) => {
                    const overrides = { ...layer.overrides };
                    if (event.target.checked) overrides[key] = null;
                    else delete overrides[key];
                    update({ overrides });
                  }}
                >
                  {t(`controls.annotation.overrides.${key}`)}
                </Checkbox>
              ))}
            </Flex>
          )}
        </>
      )}

      <Flex gap={8} wrap>
        <Field label={t('controls.annotation.color')}>
          <ColorPicker
            allowClear
            format="hex"
            value={layer.color}
            onChange={(color) => update({ color: color.cleared ? null : color.toHexString() })}
            onClear={() => update({ color: null })}
          />
        </Field>
        <Field label={t('controls.annotation.opacity')}>
          <Select
            aria-label={t('controls.annotation.opacity')}
            style={{ width: 120 }}
            value={layer.opacity}
            onChange={(opacity: AnnotationLayer['opacity']) => update({ opacity })}
            options={OPACITIES.map((opacity) => ({
              value: opacity,
              label: t(`controls.annotation.opacities.${opacity || 'default'}`),
            }))}
          />
        </Field>
        <Field label={t('controls.annotation.style')}>
          <Select
            aria-label={t('controls.annotation.style')}
            style={{ width: 120 }}
            value={layer.style}
            onChange={(style: AnnotationLayer['style']) => update({ style })}
            options={LINE_STYLES.map((style) => ({
              value: style,
              label: t(`controls.annotation.styles.${style}`),
            }))}
          />
        </Field>
        <Field label={t('controls.annotation.width')}>
          <InputNumber
            aria-label={t('controls.annotation.width')}
            min={0}
            max={20}
            value={layer.width}
            onChange={(width) => update({ width: typeof width === 'number' ? width : 1 })}
            style={{ width: 80 }}
          />
        </Field>
      </Flex>
      <Flex vertical gap={2}>
        <Checkbox checked={layer.showLabel} onChange={(event) => update({ showLabel: event.target.checked })}>
          {t('controls.annotation.showLabel')}
        </Checkbox>
        {layer.annotationType === 'TIME_SERIES' && (
          <>
            <Checkbox
              checked={layer.showMarkers}
              onChange={(event) => update({ showMarkers: event.target.checked })}
            >
              {t('controls.annotation.showMarkers')}
            </Checkbox>
            <Checkbox
              checked={layer.hideLine}
              onChange={(event) => update({ hideLine: event.target.checked })}
            >
              {t('controls.annotation.hideLine')}
            </Checkbox>
          </>
        )}
      </Flex>

      <Flex justify="flex-end" gap={8}>
        <Button size="small" onClick={onClose}>
          {t('controls.common.cancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          onClick={() =>
            problems.length > 0
              ? setTouched(new Set(problems))
              : onSave({ ...layer, name: layer.name.trim() })
          }
        >
          {t('controls.common.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}

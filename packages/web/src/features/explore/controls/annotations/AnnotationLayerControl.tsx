import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { asList } from '../shared/controlMeta.ts';
import { OptionList } from '../shared/OptionList.tsx';
import type { ControlProps } from '../types.ts';
import { AnnotationLayerEditor } from './AnnotationLayerEditor.tsx';
import { type AnnotationLayer, annotationLayerOf } from './annotationLayer.ts';

/** The chart's annotation layers (`annotation_layers`): a list, each edited in a popover. */
export function AnnotationLayerControl({ control, value, onChange, errors }: ControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const layers = asList<unknown>(value).map(annotationLayerOf);

  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <OptionList<AnnotationLayer, never>
        controlName={control.name}
        labelledBy={labelId}
        items={layers}
        multi
        itemLabel={(layer) =>
          `${layer.name || t(`controls.annotation.types.${layer.annotationType}`)}${
            layer.show ? '' : ` (${t('controls.annotation.hidden')})`
          }`
        }
        placeholder={t('controls.annotation.add')}
        onChange={onChange}
        onDropPayload={() => null}
        renderEditor={({ item, onSave, onClose }) => (
          <AnnotationLayerEditor
            layer={item}
            takenNames={layers.filter((layer) => layer !== item).map((layer) => layer.name)}
            onSave={onSave}
            onClose={onClose}
          />
        )}
      />
    </ControlFrame>
  );
}

import type { AnnotationLayerItem } from '@vitrina/common';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave, useToasts } from '../../components/index.ts';
import { useSaveAnnotationLayer } from './api.ts';

interface LayerFormValues {
  name: string;
  descr: string;
}

/** Adds a layer, or edits one: its name and description. */
export function AnnotationLayerModal({
  layer,
  onClose,
}: {
  layer?: Pick<AnnotationLayerItem, 'id' | 'name' | 'descr'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LayerFormValues>();
  const { formError, save: run } = useFormSave(form, onClose);
  const saveLayer = useSaveAnnotationLayer();
  const { addSuccessToast } = useToasts();
  const editing = layer !== undefined;

  const save = (values: LayerFormValues) =>
    run(async () => {
      const request = { name: values.name.trim(), descr: values.descr.trim() || null };
      await saveLayer.mutateAsync(editing ? { id: layer.id, layer: request } : { layer: request });
      addSuccessToast(
        editing
          ? t('annotationLayers.saved', { name: request.name })
          : t('annotationLayers.created', { name: request.name }),
      );
    });

  return (
    <FormModal<LayerFormValues>
      title={editing ? t('annotationLayers.editTitle') : t('annotationLayers.addTitle')}
      confirmLoading={saveLayer.isPending}
      form={form}
      error={formError}
      initialValues={{ name: layer?.name ?? '', descr: layer?.descr ?? '' }}
      onFinish={(values) => void save(values)}
      onClose={onClose}
      requiredMark="optional"
    >
      <Form.Item
        name="name"
        label={t('annotationLayers.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input autoComplete="off" maxLength={250} />
      </Form.Item>
      <Form.Item name="descr" label={t('annotationLayers.fields.descr')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormModal>
  );
}

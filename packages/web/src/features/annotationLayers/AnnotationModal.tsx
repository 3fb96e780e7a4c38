import type { AnnotationItem } from '@vitrina/common';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useFormSave, useToasts } from '../../components/index.ts';
import {
  type AnnotationFormValues,
  annotationFormValues,
  annotationRequest,
  TIME_FORMAT,
} from './annotationForm.ts';
import { useSaveAnnotation } from './api.ts';

/** Adds an annotation to a layer, or edits one: its texts, when it starts and ends, and JSON metadata. */
export function AnnotationModal({
  layerId,
  annotation,
  onClose,
}: {
  layerId: number;
  annotation?: AnnotationItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnotationFormValues>();
  const { formError, save: run } = useFormSave(form, onClose);
  const saveAnnotation = useSaveAnnotation(layerId);
  const { addSuccessToast } = useToasts();
  const editing = annotation !== undefined;

  const save = (values: AnnotationFormValues) =>
    run(async () => {
      const request = annotationRequest(values);
      await saveAnnotation.mutateAsync(
        editing ? { id: annotation.id, annotation: request } : { annotation: request },
      );
      addSuccessToast(
        editing
          ? t('annotationLayers.annotationSaved', { name: request.short_descr })
          : t('annotationLayers.annotationCreated', { name: request.short_descr }),
      );
    });

  return (
    <FormModal<AnnotationFormValues>
      title={editing ? t('annotationLayers.editAnnotationTitle') : t('annotationLayers.addAnnotationTitle')}
      confirmLoading={saveAnnotation.isPending}
      form={form}
      error={formError}
      initialValues={annotationFormValues(annotation)}
      onFinish={(values) => void save(values)}
      onClose={onClose}
      requiredMark="optional"
    >
      <Form.Item
        name="short_descr"
        label={t('annotationLayers.fields.shortDescr')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input autoComplete="off" maxLength={500} />
      </Form.Item>
      <Form.Item
        name="start"
        label={t('annotationLayers.fields.start')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="end"
        label={t('annotationLayers.fields.end')}
        extra={t('annotationLayers.help.end')}
        dependencies={['start']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, end: AnnotationFormValues['end']) => {
              const start = getFieldValue('start') as AnnotationFormValues['start'];
              return end && start && end.isBefore(start)
                ? Promise.reject(new Error(t('annotationLayers.endBeforeStart')))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="long_descr" label={t('annotationLayers.fields.longDescr')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        name="json_metadata"
        label={t('annotationLayers.fields.jsonMetadata')}
        rules={[
          {
            validator: (_rule, text: string) => {
              if (!text?.trim()) return Promise.resolve();
              try {
                JSON.parse(text);
                return Promise.resolve();
              } catch {
                return Promise.reject(new Error(t('annotationLayers.invalidJson')));
              }
            },
          },
        ]}
      >
        <Input.TextArea rows={3} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormModal>
  );
}

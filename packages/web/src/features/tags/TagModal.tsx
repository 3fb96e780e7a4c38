import type { TagItem } from '@vitrina/common';
import { Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTaggedObjects } from '../../api/tags.ts';
import { FormModal, useFormSave, useToasts } from '../../components/index.ts';
import { tagNameTaken, useSaveTag } from './api.ts';
import { ObjectPicker } from './ObjectPicker.tsx';
import { EMPTY_TAG_FORM, type TagFormValues, tagFormValues, tagWriteRequest } from './tagForm.ts';

/**
 * Superset's TagModal: makes a tag, or edits one — its name, its description and the dashboards, charts
 * and saved queries carrying it (what else carries it, datasets, is kept).
 */
export function TagModal({ tag, onClose }: { tag?: TagItem; onClose: () => void }) {
  const objects = useTaggedObjects(tag?.id);
  if (tag && objects.isPending) {
    return <Spin fullscreen />;
  }
  return (
    <TagForm
      tag={tag}
      objects={objects.data ?? []}
      loadError={tag && objects.isError ? objects.error : undefined}
      onClose={onClose}
    />
  );
}

function TagForm({
  tag,
  objects,
  loadError,
  onClose,
}: {
  tag: TagItem | undefined;
  objects: NonNullable<ReturnType<typeof useTaggedObjects>['data']>;
  loadError: unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagFormValues>();
  const { formError, save } = useFormSave(form, onClose);
  const saveTag = useSaveTag();
  const { addSuccessToast } = useToasts();
  const creating = tag === undefined;

  const submit = (values: TagFormValues) =>
    save(async () => {
      const request = tagWriteRequest(values, objects, creating);
      if (creating && (await tagNameTaken(request.name))) {
        form.setFields([{ name: 'name', errors: [t('tags.screen.nameTaken')] }]);
        throw new NameTaken();
      }
      await saveTag(tag?.id, request);
      addSuccessToast(
        creating
          ? t('tags.screen.created', { name: request.name })
          : t('tags.screen.updated', { name: request.name }),
      );
    });

  return (
    <FormModal<TagFormValues>
      title={creating ? t('tags.screen.createTitle') : t('tags.screen.editTitle')}
      form={form}
      error={(formError instanceof NameTaken ? undefined : formError) ?? loadError}
      // Without what carries the tag, a save would take it off everything.
      okButtonProps={{ disabled: loadError !== undefined }}
      initialValues={tag ? tagFormValues(tag, objects) : EMPTY_TAG_FORM}
      onFinish={(values) => void submit(values)}
      onClose={onClose}
      requiredMark="optional"
    >
      <Form.Item
        name="name"
        label={t('tags.screen.fields.name')}
        htmlFor="tag-name"
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input id="tag-name" autoComplete="off" maxLength={250} />
      </Form.Item>
      <Form.Item name="description" label={t('tags.screen.fields.description')} htmlFor="tag-description">
        <Input.TextArea id="tag-description" rows={2} />
      </Form.Item>
      <Form.Item name="dashboards" label={t('tags.screen.fields.dashboards')} htmlFor="tag-dashboards">
        <ObjectPicker id="tag-dashboards" kind="dashboards" label={t('tags.screen.fields.dashboards')} />
      </Form.Item>
      <Form.Item name="charts" label={t('tags.screen.fields.charts')} htmlFor="tag-charts">
        <ObjectPicker id="tag-charts" kind="charts" label={t('tags.screen.fields.charts')} />
      </Form.Item>
      <Form.Item name="queries" label={t('tags.screen.fields.queries')} htmlFor="tag-queries">
        <ObjectPicker id="tag-queries" kind="queries" label={t('tags.screen.fields.queries')} />
      </Form.Item>
    </FormModal>
  );
}

/** The name is already a tag's: shown on the field, not above the form. */
class NameTaken extends Error {}

import type { TaggedObjectType } from '@vitrina/common';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveObjectTags } from '../../api/tags.ts';
import { FormModal, useFormSave } from '../FormModal.tsx';
import { useToasts } from '../toast/index.ts';
import { TagPicker } from './TagPicker.tsx';

/** Edits one object's tags on its own (a saved query's or a dataset's, from their lists). */
export function EditTagsModal({
  type,
  id,
  name,
  tags,
  onClose,
}: {
  type: TaggedObjectType;
  id: number;
  name: string;
  tags: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<{ tags: string[] }>();
  const { formError, save } = useFormSave(form, onClose);
  const saveTags = useSaveObjectTags();
  return (
    <FormModal<{ tags: string[] }>
      form={form}
      title={t('tags.editTitle', { name })}
      error={formError}
      onClose={onClose}
      onFinish={(values) =>
        void save(async () => {
          await saveTags(type, id, tags, values.tags);
          addSuccessToast(t('tags.saved', { name }));
        })
      }
      initialValues={{ tags: [...tags] }}
    >
      <Form.Item name="tags" label={t('tags.label')} htmlFor="edit-tags">
        <TagPicker id="edit-tags" />
      </Form.Item>
    </FormModal>
  );
}

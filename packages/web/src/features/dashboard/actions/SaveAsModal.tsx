import { useMutation } from '@tanstack/react-query';
import { DASHBOARD_METADATA_VERSION } from '@vitrina/common';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal, useToasts } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { dashboardPath } from '../list/paths.ts';
import { copyTitles } from './copyTitles.ts';
import { copyDashboard } from './dashboardApi.ts';

interface SaveAsValues {
  title: string;
  titleRu: string;
  duplicateSlices: boolean;
}

/** "Save as": a copy of the dashboard as it is now (`POST /{id}/copy/`), then the copy opens. */
export function SaveAsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { dashboard, session } = useDashboardContext();
  const { addSuccessToast } = useToasts();
  const navigate = useNavigate();
  const [form] = Form.useForm<SaveAsValues>();
  const copy = useMutation({
    mutationFn: (values: SaveAsValues) => {
      const { positions: _positions, ...metadata } = session.metadata;
      return copyDashboard(dashboard.id, {
        dashboard_title: values.title.trim(),
        dashboard_title_ru: values.titleRu.trim() || null,
        css: session.css,
        duplicate_slices: values.duplicateSlices,
        json_metadata: JSON.stringify({ ...metadata, version: DASHBOARD_METADATA_VERSION }),
      });
    },
    onSuccess: (id) => {
      addSuccessToast(t('dashboardActions.save.success'));
      onClose();
      void navigate(dashboardPath({ id }));
    },
  });
  const initialValues: SaveAsValues = {
    ...copyTitles(session.title || dashboard.dashboard_title, session.titleRu),
    duplicateSlices: false,
  };
  return (
    <FormModal<SaveAsValues>
      form={form}
      title={t('dashboardActions.saveAs.title')}
      initialValues={initialValues}
      onFinish={(values) => copy.mutate(values)}
      onClose={onClose}
      okText={t('dashboardActions.saveAs.save')}
      okButtonProps={{ loading: copy.isPending }}
      error={copy.error ?? undefined}
    >
      <Form.Item
        name="title"
        label={t('dashboardActions.saveAs.name')}
        rules={[{ required: true, whitespace: true, message: t('dashboardActions.saveAs.nameRequired') }]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="titleRu" label={t('dashboardActions.saveAs.nameRu')}>
        <Input />
      </Form.Item>
      <Form.Item name="duplicateSlices" valuePropName="checked">
        <Checkbox>{t('dashboardActions.saveAs.duplicateSlices')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}

import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportRules } from './reportRules.ts';

/** A schedule's name and description, the same in the alert/report form and the header's report form. */
export function NameFields() {
  const { t } = useTranslation();
  const rules = reportRules(t);
  return (
    <>
      <Form.Item name="name" label={t('reports.form.name')} rules={rules.name}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('reports.form.description')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
    </>
  );
}

import { ALERT_OPERATORS, ALERT_VALIDATOR_TYPES } from '@vitrina/common';
import { Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDatabaseOptions } from '../../api/databases.ts';
import type { ReportFormValues } from './reportForm.ts';
import { reportRules } from './reportRules.ts';

/** An alert's query and when it fires: the database, the SQL, and "not null" or a comparison. */
export function AlertFields() {
  const { t } = useTranslation();
  const rules = reportRules(t);
  const databases = useDatabaseOptions();
  const validator = Form.useWatch('validator_type', Form.useFormInstance<ReportFormValues>());
  return (
    <>
      <Form.Item name="database" label={t('reports.alert.database')} rules={rules.required}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={databases.isPending}
          options={(databases.data ?? []).map((database) => ({
            value: database.id,
            label: database.database_name,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="sql"
        label={t('reports.alert.sql')}
        rules={[{ required: true, whitespace: true, message: t('reports.form.required') }]}
        extra={t('reports.alert.sqlHelp')}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="validator_type" label={t('reports.alert.condition')}>
        <Radio.Group
          options={ALERT_VALIDATOR_TYPES.map((type) => ({
            value: type,
            label: t(type === 'operator' ? 'reports.alert.operator' : 'reports.alert.notNull'),
          }))}
        />
      </Form.Item>
      {validator === 'operator' && (
        <Flex gap={8}>
          <Form.Item name="op" label={t('reports.alert.op')}>
            <Select
              style={{ width: 100 }}
              options={ALERT_OPERATORS.map((op) => ({ value: op, label: op }))}
            />
          </Form.Item>
          <Form.Item name="threshold" label={t('reports.alert.threshold')} rules={rules.required}>
            <InputNumber style={{ width: 180 }} />
          </Form.Item>
        </Flex>
      )}
    </>
  );
}

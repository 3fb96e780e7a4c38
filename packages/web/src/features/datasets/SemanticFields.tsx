import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A column's or metric's verbose name, in English and in Russian, side by side. */
export function VerboseNameFields() {
  const { t } = useTranslation();
  return (
    <Flex gap={12}>
      <Form.Item name="verbose_name" label={t('datasets.fields.verboseName')} style={{ flex: 1 }}>
        <Input />
      </Form.Item>
      <Form.Item name="verbose_name_ru" label={t('datasets.fields.verboseNameRu')} style={{ flex: 1 }}>
        <Input lang="ru" />
      </Form.Item>
    </Flex>
  );
}

/** A column's or metric's description. */
export function DescriptionField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="description" label={t('datasets.fields.description')}>
      <Input.TextArea rows={2} />
    </Form.Item>
  );
}

/** A column's or metric's warning, under the form field `name`. */
export function WarningField({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('datasets.fields.warning')}>
      <Input.TextArea rows={2} />
    </Form.Item>
  );
}

/** Who certified a column or metric, and the certification's details, side by side. */
export function CertificationFields() {
  const { t } = useTranslation();
  return (
    <Flex gap={12}>
      <Form.Item name="certified_by" label={t('datasets.fields.certifiedBy')} style={{ flex: 1 }}>
        <Input />
      </Form.Item>
      <Form.Item
        name="certification_details"
        label={t('datasets.fields.certificationDetails')}
        style={{ flex: 1 }}
      >
        <Input />
      </Form.Item>
    </Flex>
  );
}

/** A form rule that refuses a name (trimmed) already in `takenNames`, with `message`. */
export function uniqueNameRule(takenNames: string[], message: string) {
  return {
    validator: (_rule: unknown, value: string) =>
      takenNames.includes(value?.trim()) ? Promise.reject(new Error(message)) : Promise.resolve(),
  };
}

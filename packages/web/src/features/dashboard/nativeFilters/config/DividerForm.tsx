import type { FilterDivider } from '@vitrina/common/filters/types';
import type { FilterValidationError } from '@vitrina/common/filters/validate';
import { Form, Input, type InputRef } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** A divider's title and description. */
export function DividerForm({
  divider,
  errors,
  onChange,
  titleRef,
}: {
  divider: FilterDivider;
  errors: readonly FilterValidationError[];
  onChange: (divider: FilterDivider) => void;
  titleRef?: Ref<InputRef>;
}) {
  const { t } = useTranslation();
  const error = errors.find((entry) => entry.field === 'title');
  return (
    <Form layout="vertical" data-test="divider-form">
      <Form.Item
        label={t('nativeFilters.config.dividerTitle')}
        required
        {...(error ? { validateStatus: 'error' as const, help: t(error.message) } : {})}
      >
        <Input
          ref={titleRef}
          aria-label={t('nativeFilters.config.dividerTitle')}
          value={divider.title}
          onChange={(event) => onChange({ ...divider, title: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('nativeFilters.config.description')}>
        <Input.TextArea
          aria-label={t('nativeFilters.config.description')}
          value={divider.description}
          onChange={(event) => onChange({ ...divider, description: event.target.value })}
        />
      </Form.Item>
    </Form>
  );
}

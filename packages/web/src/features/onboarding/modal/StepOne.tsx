import type { OnboardingInfo } from '@vitrina/common';
import { Button, Form, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveDodoRole } from '../../../api/onboarding.ts';
import { ErrorBox } from '../../../components/index.ts';
import { dodoRoleMessage, keepDodoRoleCharacters } from './dodoRoleRules.ts';

interface StepOneValues {
  dodo_role: string;
}

/** 'Tell us more about yourself': the name and e-mail from the account, and the role in Dodo Brands. */
export function StepOne({ info }: { info: OnboardingInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StepOneValues>();
  const save = useSaveDodoRole();

  return (
    <Spin spinning={save.isPending}>
      <Typography.Title level={4}>{t('onboarding.step1.heading')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('onboarding.step1.subtext')}</Typography.Paragraph>
      <Form<StepOneValues>
        form={form}
        layout="vertical"
        initialValues={{ dodo_role: info.dodo_role ?? '' }}
        onFinish={(values) => save.mutate(values.dodo_role.trim())}
      >
        <Form.Item label={t('onboarding.step1.firstName')}>
          <Input aria-label={t('onboarding.step1.firstName')} value={info.first_name} disabled />
        </Form.Item>
        <Form.Item label={t('onboarding.step1.lastName')}>
          <Input aria-label={t('onboarding.step1.lastName')} value={info.last_name} disabled />
        </Form.Item>
        <Form.Item label={t('onboarding.step1.email')}>
          <Input aria-label={t('onboarding.step1.email')} value={info.email} disabled />
        </Form.Item>
        <Form.Item
          name="dodo_role"
          label={t('onboarding.step1.dodoRole')}
          required
          normalize={keepDodoRoleCharacters}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const message = dodoRoleMessage(value, t);
                return message ? Promise.reject(new Error(message)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        {save.isError && <ErrorBox error={save.error} />}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('onboarding.step1.next')}
        </Button>
      </Form>
    </Spin>
  );
}

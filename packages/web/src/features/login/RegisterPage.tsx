import { useMutation } from '@tanstack/react-query';
import {
  REGISTRATION_LIMITS,
  type RegistrationField,
  type RegistrationProblem,
  registrationFieldProblem,
  registrationProblemOf,
} from '@vitrina/common';
import { Button, Form, Input, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import { ErrorBox, PasswordInput } from '../../components/index.ts';
import { useLoginOptions } from './loginOptions.ts';
import { safeNextPath } from './loginParams.ts';
import { register } from './register.ts';
import { SignInFrame } from './SignInFrame.tsx';

type Values = Record<RegistrationField, string>;

const onForm = ([name]: [string, unknown]) => FIELDS.some((field) => field.name === name);

const FIELDS: Array<{ name: RegistrationField; label: string; autoComplete: string }> = [
  { name: 'username', label: 'register.username', autoComplete: 'username' },
  { name: 'first_name', label: 'register.firstName', autoComplete: 'given-name' },
  { name: 'last_name', label: 'register.lastName', autoComplete: 'family-name' },
  { name: 'email', label: 'register.email', autoComplete: 'email' },
  { name: 'password', label: 'register.password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'register.passwordConfirmation', autoComplete: 'new-password' },
];

/**
 * Self-registration (feature flag SELF_REGISTRATION): the form checks each field with the server's own
 * rules as the person types, the server checks again and finds taken names. The new account is signed in at
 * once and lands in onboarding.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const options = useLoginOptions();
  const [form] = Form.useForm<Values>();
  const submit = useMutation({
    mutationFn: (values: Values) => register({ ...values, preferred_language: currentLanguage() }),
    // A full page load: the app starts again with the new session.
    onSuccess: () => window.location.assign(next),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      form.setFields(
        Object.entries(error.fieldErrors)
          .filter(onForm)
          .map(([name, messages]) => ({
            name: name as RegistrationField,
            errors: messages.map((message) => {
              const problem = registrationProblemOf(message);
              return problem ? problemText(problem) : message;
            }),
          })),
      );
    },
  });

  const problemText = (problem: RegistrationProblem) =>
    t(`register.errors.${problem}`, { min: REGISTRATION_LIMITS.passwordMin });
  const rule = (field: RegistrationField) => ({
    validator: (_rule: unknown, _value: unknown) => {
      const problem = registrationFieldProblem(field, form.getFieldsValue(true) as Partial<Values>);
      return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve();
    },
  });
  // Messages for fields the form has show on them; anything else shows above the button.
  const fieldErrorsShown =
    submit.error instanceof ApiError &&
    Object.keys(submit.error.fieldErrors).length > 0 &&
    Object.entries(submit.error.fieldErrors).every(onForm);

  let body: ReactNode;
  if (options.isPending) body = <Spin />;
  else if (!options.data?.self_registration) {
    body = (
      <Result
        status="info"
        title={t('register.unavailable')}
        extra={<Link to="/login/">{t('register.backToLogin')}</Link>}
      />
    );
  } else {
    body = (
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit.mutate(values)}
        disabled={submit.isPending}
      >
        {FIELDS.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(field.label)}
            rules={[rule(field.name)]}
            dependencies={field.name === 'password_confirmation' ? ['password'] : undefined}
            validateTrigger="onBlur"
          >
            {field.name.startsWith('password') ? (
              <PasswordInput autoComplete={field.autoComplete} />
            ) : (
              <Input autoComplete={field.autoComplete} />
            )}
          </Form.Item>
        ))}
        {submit.isError && !fieldErrorsShown && <ErrorBox error={submit.error} />}
        <Button type="primary" htmlType="submit" size="large" block loading={submit.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
    );
  }

  return (
    <SignInFrame title={t('register.title')} width={420}>
      {body}
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Link to={`/login/?next=${encodeURIComponent(next)}`}>{t('register.signIn')}</Link>
      </Typography.Text>
    </SignInFrame>
  );
}

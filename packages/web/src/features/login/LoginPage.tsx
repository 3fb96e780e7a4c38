import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordInput } from '../../components/index.ts';
import { providerSignInUrl, useLoginOptions } from './loginOptions.ts';
import { loginError, loginErrorKey, safeNextPath } from './loginParams.ts';
import { SignInFrame } from './SignInFrame.tsx';

/** One field of the password form, its label above it (the browser posts the form by these names). */
function LoginField(props: {
  name: 'username' | 'password';
  label: string;
  autoComplete: string;
  icon: ReactNode;
  autoFocus?: boolean;
}) {
  const Control = props.name === 'password' ? PasswordInput : Input;
  const id = `login-${props.name}`;
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{props.label}</label>
      <Control
        id={id}
        name={props.name}
        autoComplete={props.autoComplete}
        prefix={props.icon}
        required
        autoFocus={props.autoFocus}
        size="large"
      />
    </Flex>
  );
}

/**
 * The ways in the server offers: the password form (a real HTML form: the server checks the password, sets
 * the session cookie and redirects to `next`, or back here with ?error=…), the identity provider's button
 * and the link to register. Until the options arrive, or if they cannot, the password form shows alone.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const error = loginError(params.get('error'));
  const next = safeNextPath(params.get('next'));
  const options = useLoginOptions().data;
  const passwordForm = options?.password_login ?? true;

  return (
    <SignInFrame title={t('login.title')} width={380}>
      {error && <Alert type="error" showIcon role="alert" title={t(loginErrorKey(error))} />}
      {passwordForm && (
        <form method="post" action="/login/">
          <Flex vertical gap={16}>
            <input type="hidden" name="next" value={next} />
            <LoginField
              name="username"
              label={t('login.username')}
              autoComplete="username"
              icon={<UserOutlined />}
              autoFocus
            />
            <LoginField
              name="password"
              label={t('login.password')}
              autoComplete="current-password"
              icon={<LockOutlined />}
            />
            <Button type="primary" htmlType="submit" size="large" block>
              {t('login.submit')}
            </Button>
          </Flex>
        </form>
      )}
      {options?.oidc && (
        <>
          {passwordForm && (
            <Divider plain style={{ margin: 0 }}>
              {t('signIn.or')}
            </Divider>
          )}
          {/* A plain navigation: the server sends the browser on to the provider. */}
          <Button
            size="large"
            block
            icon={<LoginOutlined />}
            type={passwordForm ? 'default' : 'primary'}
            href={providerSignInUrl(options.oidc.url, next, i18n.language)}
          >
            {t('signIn.withProvider', { provider: options.oidc.label })}
          </Button>
        </>
      )}
      {options?.self_registration && (
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('signIn.noAccount')}{' '}
          <Link to={`/register/?next=${encodeURIComponent(next)}`}>{t('signIn.register')}</Link>
        </Typography.Text>
      )}
    </SignInFrame>
  );
}

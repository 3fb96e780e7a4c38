import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PasswordInput } from '../../components/index.ts';
import { Logo } from '../../components/Logo.tsx';
import { LoginLanguageSwitch } from './LoginLanguageSwitch.tsx';
import { loginError, safeNextPath } from './loginParams.ts';

/**
 * A real HTML form: the server checks the password, sets the session cookie and redirects to `next`
 * (or back here with ?error=…), so login works the same with or without this app loaded.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = loginError(params.get('error'));
  const next = safeNextPath(params.get('next'));

  useEffect(() => {
    document.title = `${t('login.title')} · Vitrina`;
  }, [t]);

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: '#f5f6f8', padding: 16 }}>
      <Card style={{ width: 380 }}>
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center">
            <Logo />
            <LoginLanguageSwitch />
          </Flex>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          {error && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={error === 'invalid' ? t('login.invalid') : t('login.rateLimited')}
            />
          )}
          <form method="post" action="/login/">
            <Flex vertical gap={16}>
              <input type="hidden" name="next" value={next} />
              <Flex vertical gap={4}>
                <label htmlFor="login-username">{t('login.username')}</label>
                <Input
                  id="login-username"
                  name="username"
                  autoComplete="username"
                  prefix={<UserOutlined />}
                  required
                  autoFocus
                  size="large"
                />
              </Flex>
              <Flex vertical gap={4}>
                <label htmlFor="login-password">{t('login.password')}</label>
                <PasswordInput
                  id="login-password"
                  name="password"
                  autoComplete="current-password"
                  prefix={<LockOutlined />}
                  required
                  size="large"
                />
              </Flex>
              <Button type="primary" htmlType="submit" size="large" block>
                {t('login.submit')}
              </Button>
            </Flex>
          </form>
        </Flex>
      </Card>
    </Flex>
  );
}

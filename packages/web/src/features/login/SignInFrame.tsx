import { Card, Flex, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Logo } from '../../components/Logo.tsx';
import { LoginLanguageSwitch } from './LoginLanguageSwitch.tsx';

/** The frame of the pages before sign-in: a card in the middle, the logo, the language switch, a title. */
export function SignInFrame({
  title,
  width,
  children,
}: {
  title: string;
  width: number;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Vitrina`;
  }, [title]);

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: '#f5f6f8', padding: 16 }}>
      <Card style={{ width }}>
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center">
            <Logo />
            <LoginLanguageSwitch />
          </Flex>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}

import { Flex, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';

interface PageProps {
  title: string;
  /** Buttons and filters shown on the title's right. */
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of every screen: one heading, its actions, then the content. */
export function Page({ title, extra, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Vitrina`;
  }, [title]);
  return (
    <Flex vertical gap={16} className="vitrina-page">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
      {children}
    </Flex>
  );
}

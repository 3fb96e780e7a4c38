import { ApiOutlined, DesktopOutlined } from '@ant-design/icons';
import type { SessionInfo } from '@vitrina/common';
import {
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useEndMyOtherSessions, useEndMySession, useMySessions } from '../../api/sessions.ts';
import { ErrorBox, useFormat, useToasts } from '../../components/index.ts';
import { describeUserAgent } from './userAgent.ts';

/** "Firefox on Linux", "API login · curl": what a person recognises of a session's client. */
export function deviceLabel(session: Pick<SessionInfo, 'kind' | 'user_agent'>, t: TFunction): string {
  const { browser, system, client } = describeUserAgent(session.user_agent);
  const device =
    browser && system
      ? t('sessions.browserOn', { browser, system })
      : (browser ?? client ?? (session.kind === 'api' ? null : t('sessions.unknownDevice')));
  if (session.kind === 'api')
    return device ? `${t('sessions.apiLogin')} · ${device}` : t('sessions.apiLogin');
  return device ?? t('sessions.unknownDevice');
}

/** The profile's list of the user's signed-in browsers and API logins, each of which can be ended. */
export function SessionsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const { addSuccessToast, addDangerToast } = useToasts();
  const sessions = useMySessions();
  const endOne = useEndMySession();
  const endOthers = useEndMyOtherSessions();
  const others = (sessions.data?.result ?? []).filter((session) => !session.current).length;

  const end = (session: SessionInfo) =>
    endOne.mutate(session.id, {
      onSuccess: () => {
        // Ending this browser's own session signs it out: off to the login page.
        if (session.current) window.location.assign('/login/');
        else addSuccessToast(t('sessions.ended'));
      },
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const columns: TableColumnsType<SessionInfo> = [
    {
      key: 'device',
      title: t('sessions.device'),
      render: (_value, session) => (
        <Space>
          {session.kind === 'api' ? <ApiOutlined /> : <DesktopOutlined />}
          <Tooltip title={session.user_agent}>
            <span>{deviceLabel(session, t)}</span>
          </Tooltip>
          {session.current && <Tag color="blue">{t('sessions.current')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'address',
      dataIndex: 'ip_address',
      title: t('sessions.address'),
      render: (value: string | null) => value ?? t('sessions.unknown'),
    },
    {
      key: 'started',
      dataIndex: 'created_on',
      title: t('sessions.started'),
      render: (value: string) => format.date(value),
    },
    {
      key: 'lastSeen',
      dataIndex: 'last_seen_on',
      title: t('sessions.lastSeen'),
      render: (value: string) => format.date(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, session) => (
        <Popconfirm
          title={session.current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm')}
          okText={t('sessions.end')}
          cancelText={t('common.cancel')}
          onConfirm={() => end(session)}
        >
          <Button size="small" type="link" danger>
            {t('sessions.end')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={t('sessions.title')}
      style={{ marginTop: 16 }}
      extra={
        <Popconfirm
          title={t('sessions.endOthersConfirm')}
          okText={t('sessions.endOthers')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => addSuccessToast(t('sessions.endedOthers')),
              onError: (error) => addDangerToast(errorText(error, t)),
            })
          }
          disabled={others === 0}
        >
          <Button danger disabled={others === 0} loading={endOthers.isPending}>
            {t('sessions.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('sessions.description')}</Typography.Paragraph>
      {sessions.isError && <ErrorBox error={sessions.error} />}
      <Table<SessionInfo>
        data-testid="profile-sessions"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sessions.data?.result ?? []}
        loading={sessions.isPending}
        pagination={false}
      />
    </Card>
  );
}

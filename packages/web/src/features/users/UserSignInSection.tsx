import type { User } from '@vitrina/common';
import { Alert, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useEndUserSessions, useSignInLock, useUnlockSignIn, useUserSessions } from '../../api/sessions.ts';
import { ErrorBox, useToasts } from '../../components/index.ts';

/** For administrators editing a user: their active sessions (end them all) and the sign-in lock (lift it). */
export function UserSignInSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const sessions = useUserSessions(user.id);
  const locked = useSignInLock(user.id);
  const endAll = useEndUserSessions(user.id);
  const unlock = useUnlockSignIn(user.id);
  const count = sessions.data?.count ?? 0;
  const username = user.username;

  return (
    <Card size="small" title={t('sessions.admin.title')} data-testid="user-sign-in">
      <Flex vertical gap={12}>
        {sessions.isError && <ErrorBox error={sessions.error} />}
        {locked.isError && <ErrorBox error={locked.error} />}
        <Flex justify="space-between" align="center" gap={8}>
          <span data-testid="user-session-count">{t('sessions.admin.active', { count })}</span>
          <Popconfirm
            title={t('sessions.admin.endAllConfirm', { username })}
            okText={t('sessions.admin.endAll')}
            cancelText={t('common.cancel')}
            disabled={count === 0}
            onConfirm={() =>
              endAll.mutate(undefined, {
                onSuccess: () => addSuccessToast(t('sessions.admin.endedAll', { username })),
                onError: (error) => addDangerToast(errorText(error, t)),
              })
            }
          >
            <Button size="small" danger disabled={count === 0} loading={endAll.isPending}>
              {t('sessions.admin.endAll')}
            </Button>
          </Popconfirm>
        </Flex>
        {locked.data ? (
          <Alert
            type="warning"
            showIcon
            title={t('sessions.admin.locked')}
            action={
              <Button
                size="small"
                loading={unlock.isPending}
                onClick={() =>
                  unlock.mutate(undefined, {
                    onSuccess: () => addSuccessToast(t('sessions.admin.unlocked', { username })),
                    onError: (error) => addDangerToast(errorText(error, t)),
                  })
                }
              >
                {t('sessions.admin.unlock')}
              </Button>
            }
          />
        ) : (
          <Typography.Text type="secondary">
            {locked.isSuccess ? t('sessions.admin.notLocked') : ''}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

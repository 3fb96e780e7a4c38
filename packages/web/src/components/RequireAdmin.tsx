import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../api/access.ts';
import { useCurrentUserRoles } from '../api/me.ts';
import { ErrorBox } from './ErrorBox.tsx';

/** Administration screens: anyone else sees a 403 error box instead of the screen. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const roles = useCurrentUserRoles();
  if (roles.isPending) return <Spin />;
  if (roles.isError) return <ErrorBox error={roles.error} />;
  if (!isAdmin(roles.data.roles)) {
    return <ErrorBox title={t('errors.status.forbidden')} message={t('errors.adminOnly')} />;
  }
  return children;
}

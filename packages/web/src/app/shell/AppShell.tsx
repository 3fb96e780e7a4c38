import { readDashboardUrlParams } from '@vitrina/common';
import { Flex, Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useCurrentUser, useCurrentUserRoles } from '../../api/me.ts';
import { ErrorBox } from '../../components/index.ts';
import { Logo } from '../../components/Logo.tsx';
import { RoleGate, useHasNoRoles } from '../../features/noAccess/index.ts';
import { OnboardingEntryPoint } from '../../features/onboarding/index.ts';
import { GlobalSearch } from '../../features/search/index.ts';
import { ServerChartSettings } from '../../viz/chartSettings.tsx';
import { useSpaNavigationLog } from '../eventLog/index.ts';
import { useUserLanguage } from '../i18n/useUserLanguage.ts';
import { NavigationMenu } from './NavigationMenu.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { UserMenu } from './UserMenu.tsx';

export function PageSpin() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

/** Every signed-in screen: the top navigation, the user menu and the page below. */
export function AppShell() {
  const user = useCurrentUser();
  const roles = useCurrentUserRoles();
  const noRoles = useHasNoRoles();
  const [search] = useSearchParams();
  useUserLanguage(user.data);
  useSpaNavigationLog();
  // A dashboard shown standalone (or embedded with uiConfig's hide-nav bit) has no app navigation.
  const hideNav = readDashboardUrlParams(search).hideNav;

  if (user.isError) {
    // 401: the client is already taking the browser to the login page.
    if (user.error instanceof ApiError && user.error.status === 401) return <PageSpin />;
    return (
      <div className="vitrina-content">
        <ErrorBox error={user.error} />
      </div>
    );
  }
  if (user.isPending) return <PageSpin />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!hideNav && (
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 24,
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Link to="/" aria-label="Vitrina">
            <Logo />
          </Link>
          {noRoles || !roles.data ? (
            // Nothing to navigate to yet (no roles, or not known yet: the menu measures its items once
            // it has them, so it waits for them rather than growing under antd's overflow).
            <div style={{ flex: 1 }} />
          ) : (
            <NavigationMenu roles={roles.data.roles} />
          )}
          {!noRoles && <GlobalSearch />}
          <UserMenu user={user.data} />
        </Layout.Header>
      )}
      <Layout.Content className="vitrina-content">
        {/* Inside the shell too, so a failing screen keeps the navigation. */}
        <ScreenErrorBoundary>
          <Suspense fallback={<PageSpin />}>
            <RoleGate>
              <ServerChartSettings>
                <Outlet />
              </ServerChartSettings>
            </RoleGate>
          </Suspense>
        </ScreenErrorBoundary>
      </Layout.Content>
      <OnboardingEntryPoint />
    </Layout>
  );
}

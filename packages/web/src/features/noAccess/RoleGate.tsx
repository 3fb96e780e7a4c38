import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUserRoles } from '../../api/me.ts';
import { NoAccessPage } from './NoAccessPage.tsx';

/** The screens someone without any role may open: their profile (onboarding is a modal over any page). */
const OPEN_TO_EVERYONE = ['/users/userinfo'];

/** Whether the signed-in person holds no role at all; undefined while their roles load. */
export function useHasNoRoles(): boolean | undefined {
  const roles = useCurrentUserRoles();
  return roles.data ? Object.keys(roles.data.roles).length === 0 : undefined;
}

/**
 * Shows the page, or the no-access page to someone without any role: every other screen would only fail on
 * the server's refusals. The server enforces the same; this only spares them the errors.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const noRoles = useHasNoRoles();
  const roles = useCurrentUserRoles();
  const { pathname } = useLocation();
  if (roles.isPending) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: 240 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (noRoles && !OPEN_TO_EVERYONE.some((path) => pathname.startsWith(path))) return <NoAccessPage />;
  return children;
}

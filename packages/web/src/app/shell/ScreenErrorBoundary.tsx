import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/ErrorBoundary.tsx';

/** The error boundary around a screen; moving to another page clears a caught error. */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

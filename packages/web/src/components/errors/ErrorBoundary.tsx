import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../ErrorBox.tsx';

interface ErrorBoundaryProps {
  /** A new value (a new page, new render props) clears a caught error and tries again. */
  resetKey?: unknown;
  /** The text of the error; 'Unexpected error: ' and the error's own text when omitted. */
  describe?: (error: Error) => string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
  componentStack: string;
  resetKey: unknown;
}

/** The stack of the thrown error and the components it went through, shown behind 'See more'. */
export function errorStack(error: Error, componentStack: string): string {
  return [error.stack, componentStack.trim()].filter(Boolean).join('\n');
}

function CaughtError({
  error,
  componentStack,
  describe,
}: { error: Error } & Pick<ErrorBoundaryState, 'componentStack'> & Pick<ErrorBoundaryProps, 'describe'>) {
  const { t } = useTranslation();
  const stack = errorStack(error, componentStack);
  return (
    <ErrorBox
      title={t('errors.oops')}
      message={describe ? describe(error) : `${t('errors.unexpectedPrefix')}${error.message || error.name}`}
      {...(stack ? { details: stack } : {})}
    />
  );
}

/**
 * Superset's ErrorBoundary: what a screen or a chart throws while drawing shows as 'Oops! An error
 * occurred!' with the message and the stack behind 'See more', instead of taking the whole page down.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, componentStack: '', resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)), componentStack: '' };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? '' });
  }

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    return (
      <CaughtError
        error={error}
        componentStack={componentStack}
        {...(this.props.describe ? { describe: this.props.describe } : {})}
      />
    );
  }
}

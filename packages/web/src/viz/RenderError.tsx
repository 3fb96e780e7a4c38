import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../components/ErrorBox.tsx';
import { UnknownVizTypeError } from './renderProps.ts';

/** 'An error occurred while rendering the visualization: …' in the chart's box. */
export function RenderError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const reason =
    error instanceof UnknownVizTypeError
      ? t('viz.renderer.unknownType', { vizType: error.vizType })
      : error.message || error.name;
  return (
    <ErrorBox
      message={t('viz.renderer.renderError', { error: reason })}
      {...(error.stack ? { details: error.stack } : {})}
    />
  );
}

interface RenderErrorBoundaryProps {
  /** A new value (new render props) clears a caught error and tries again. */
  resetKey: unknown;
  children: ReactNode;
}

interface RenderErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Catches what a chart component throws while drawing, so one broken chart does not take the page down. */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, RenderErrorBoundaryState> {
  override state: RenderErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RenderErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: RenderErrorBoundaryProps,
    state: RenderErrorBoundaryState,
  ): Partial<RenderErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RenderError error={this.state.error} /> : this.props.children;
  }
}

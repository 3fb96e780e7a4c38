import type { ChartProps, RenderProps } from '@vitrina/common';
import { CHART_PLUGINS, currentVizType } from '@vitrina/common/viz/registry';

/** What a chart type made of its data: the props to draw, or why it could not. */
export type RenderOutcome = { ok: true; renderProps: RenderProps } | { ok: false; error: Error };

/** A saved chart whose viz_type no plugin knows (an older or a Superset-only type). */
export class UnknownVizTypeError extends Error {
  readonly vizType: string;
  constructor(vizType: string) {
    super(`Unknown chart type: ${vizType}`);
    this.name = 'UnknownVizTypeError';
    this.vizType = vizType;
  }
}

/**
 * Runs the type's migrate chain on the form data, then its transformProps. A failure is returned, not
 * thrown, so the chart area can say what went wrong.
 */
export function computeRenderProps(vizType: string, props: ChartProps): RenderOutcome {
  const current = currentVizType(vizType);
  if (!current) return { ok: false, error: new UnknownVizTypeError(vizType) };
  const plugin = CHART_PLUGINS[current];
  try {
    const formData = { ...plugin.migrate(props.formData), viz_type: current };
    return { ok: true, renderProps: plugin.transformProps({ ...props, formData }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

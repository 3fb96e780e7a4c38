import type { ChartPlugin, ChartProps, RenderProps } from '@vitrina/common';

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
 * Runs the type's migrate chain on the form data, then its transformProps (the plugin is the form data's
 * type's, useChartPlugin). A failure is returned, not thrown, so the chart area can say what went wrong.
 */
export function computeRenderProps(plugin: ChartPlugin, props: ChartProps): RenderOutcome {
  try {
    const formData = { ...plugin.migrate(props.formData), viz_type: plugin.vizType };
    return { ok: true, renderProps: plugin.transformProps({ ...props, formData }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

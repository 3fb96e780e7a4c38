import { CHART_PLUGINS, isVizType, VIZ_TYPES } from '@vitrina/common/viz/registry';

type Translate = (key: string) => string;

/** A chart type's name in the UI language; a type no plugin knows shows its viz_type as it is. */
export function chartTypeName(vizType: string, t: Translate): string {
  return isVizType(vizType) ? t(CHART_PLUGINS[vizType].metadata.nameKey) : vizType;
}

/** Every chart type as a filter choice, by name. */
export function chartTypeOptions(t: Translate, language: string): Array<{ value: string; label: string }> {
  return VIZ_TYPES.map((vizType) => ({ value: vizType, label: chartTypeName(vizType, t) })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}

/**
 * Everything the app asks of "the chart types", derived from one Record of plugins: the names, saved form
 * data upgrades, the types' i18n texts and examples, cross-filter and drill support, annotation sources.
 * The app's registry (registry.ts) is one call of this; a test registers a throwaway type the same way.
 */
import type { LanguageCode } from '../api/security.ts';
import type { CrossFilterTarget } from './shared/crossFilterTarget.ts';
import type {
  AnnotationSourceKind,
  ChartBehavior,
  ChartExample,
  ChartPlugin,
  DatasourceMeta,
  FormData,
  MessageTree,
} from './types.ts';

export interface ChartRegistry<T extends string> {
  plugins: Readonly<Record<T, ChartPlugin<T>>>;
  /** The types in registry order (the gallery's order). */
  vizTypes: readonly T[];
  isVizType(value: unknown): value is T;
  /** Our type for a viz_type name, current or one of Superset's older names; null when unknown. */
  currentVizType(name: unknown): T | null;
  /**
   * Saved form data (ours or Superset's, of any version) brought to the current version by its type's
   * migrate; legacy types keep their name while migrating and get ours after. Null: unknown type.
   */
  migrateSavedFormData(formData: Record<string, unknown>): FormData | null;
  /** The types' texts in one language, by namespace: what the catalogues hold under `viz.types`. */
  messages(language: LanguageCode): Record<string, MessageTree>;
  examples(): Record<T, ChartExample>;
  /** Whether a viz_type (any name, saved charts may hold old ones) has the behaviour. */
  hasBehavior(vizType: string, behavior: ChartBehavior): boolean;
  /** The dimensions a chart of this type and form data cross-filters on, or null when it cannot. */
  crossFilterTarget(
    vizType: string,
    formData: FormData,
    datasource: DatasourceMeta | null,
  ): CrossFilterTarget | null;
  /** The types whose saved charts can feed an annotation layer of this kind. */
  annotationSourceTypes(kind: AnnotationSourceKind): T[];
}

/** A registry that contradicts itself is a programming error: found when the module loads, not later. */
function checkPlugins<T extends string>(plugins: Record<T, ChartPlugin<T>>): void {
  const namespaces = new Set<string>();
  for (const [key, plugin] of Object.entries(plugins) as Array<[T, ChartPlugin<T>]>) {
    if (plugin.vizType !== key)
      throw new Error(`Chart type registered as ${key} calls itself ${plugin.vizType}`);
    const interactive = plugin.metadata.behaviors.includes('interactiveChart');
    if (interactive !== (plugin.crossFilterTarget !== undefined))
      throw new Error(`Chart type ${key}: interactiveChart and crossFilterTarget must come together`);
    if (namespaces.has(plugin.messages.namespace))
      throw new Error(`Chart type ${key}: texts namespace ${plugin.messages.namespace} is taken`);
    namespaces.add(plugin.messages.namespace);
  }
}

export function createChartRegistry<T extends string>(
  plugins: Record<T, ChartPlugin<T>>,
  legacyNames: Readonly<Record<string, NoInfer<T>>> = {},
): ChartRegistry<T> {
  checkPlugins(plugins);
  const vizTypes = Object.keys(plugins) as T[];
  const isVizType = (value: unknown): value is T =>
    typeof value === 'string' && Object.hasOwn(plugins, value);
  const currentVizType = (name: unknown): T | null => {
    if (isVizType(name)) return name;
    return typeof name === 'string' && Object.hasOwn(legacyNames, name) ? (legacyNames[name] as T) : null;
  };
  const pluginOf = (name: unknown) => {
    const vizType = currentVizType(name);
    return vizType ? plugins[vizType] : null;
  };
  const hasBehavior = (vizType: string, behavior: ChartBehavior) =>
    pluginOf(vizType)?.metadata.behaviors.includes(behavior) ?? false;

  return {
    plugins,
    vizTypes,
    isVizType,
    currentVizType,
    migrateSavedFormData(formData) {
      const vizType = currentVizType(formData.viz_type);
      if (!vizType) return null;
      const migrated = plugins[vizType].migrate(formData as FormData);
      return { ...migrated, viz_type: vizType as FormData['viz_type'] };
    },
    messages: (language) =>
      Object.fromEntries(vizTypes.map((t) => [plugins[t].messages.namespace, plugins[t].messages[language]])),
    examples: () =>
      Object.fromEntries(vizTypes.map((t) => [t, plugins[t].example])) as Record<T, ChartExample>,
    hasBehavior,
    crossFilterTarget(vizType, formData, datasource) {
      if (!hasBehavior(vizType, 'interactiveChart')) return null;
      return pluginOf(vizType)?.crossFilterTarget?.(formData, datasource) ?? null;
    },
    annotationSourceTypes: (kind) =>
      vizTypes.filter((t) => plugins[t].metadata.canBeAnnotationTypes.includes(kind)),
  };
}

/**
 * The checks of json_metadata's filter keys (reference §4.4): native_filter_configuration through the
 * filters' own validation (the one the config modal runs), and the cross-filter scoping of
 * chart_configuration and global_chart_configuration. Each problem is English text the API answers.
 */
import { validateFilterConfiguration } from '../filters/validate.ts';
import nativeFiltersEn from '../i18n/areas/nativeFilters.en.json' with { type: 'json' };
import { isRecord } from '../isRecord.ts';
import { valueAtPath } from '../valueAtPath.ts';

const isIdList = (value: unknown, kind: 'number' | 'string') =>
  Array.isArray(value) &&
  value.every((id) => (kind === 'number' ? Number.isInteger(id) : typeof id === 'string'));

const isScope = (value: unknown) =>
  isRecord(value) && isIdList(value.rootPath, 'string') && isIdList(value.excluded, 'number');

const SCOPE_SHAPE = 'must be {rootPath: [layout ids], excluded: [chart ids]}';

/**
 * English text of an i18n key such as `nativeFilters.validation.nameRequired`. Every filter check's key
 * is in the native filters' area, so only that file is read (this module is in the web app's bundle).
 */
function english(key: string): string {
  const text = valueAtPath(nativeFiltersEn, key);
  return typeof text === 'string' ? text : key;
}

/** The problems of native_filter_configuration, one text per filter and field. */
export function nativeFilterProblems(value: unknown): string[] {
  return validateFilterConfiguration(value).errors.map((error) => {
    const where = error.filterId ? `${error.filterId} ${error.field}` : error.field;
    return `${where}: ${english(error.message)}`;
  });
}

/** global_chart_configuration: the default scope of every chart's cross-filters. */
export function globalChartConfigurationProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['Not a valid mapping type.'];
  const problems: string[] = [];
  if (value.scope !== undefined && !isScope(value.scope)) problems.push(`scope ${SCOPE_SHAPE}`);
  if (value.chartsInScope !== undefined && !isIdList(value.chartsInScope, 'number')) {
    problems.push('chartsInScope must be a list of chart ids');
  }
  return problems;
}

/** chart_configuration: chart id → {id, crossFilters: {scope: 'global' | scope, chartsInScope}}. */
export function chartConfigurationProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['Not a valid mapping type.'];
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!/^\d+$/.test(key)) {
      problems.push(`${key}: keys must be chart ids`);
      continue;
    }
    if (!isRecord(entry)) {
      problems.push(`${key}: Not a valid mapping type.`);
      continue;
    }
    if (entry.id !== Number(key)) problems.push(`${key}: id must be the chart id ${key}`);
    const crossFilters = entry.crossFilters;
    if (!isRecord(crossFilters)) {
      problems.push(`${key}: crossFilters must be {scope, chartsInScope}`);
      continue;
    }
    if (crossFilters.scope !== 'global' && !isScope(crossFilters.scope)) {
      problems.push(
        `${key}: crossFilters.scope must be "global" or {rootPath: [layout ids], excluded: [chart ids]}`,
      );
    }
    if (crossFilters.chartsInScope !== undefined && !isIdList(crossFilters.chartsInScope, 'number')) {
      problems.push(`${key}: crossFilters.chartsInScope must be a list of chart ids`);
    }
  }
  return problems;
}

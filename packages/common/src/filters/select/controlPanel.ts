/** Value filter options (Superset's filter_select controlValues). */
import { type FilterControlPanel, filterTypeTextKey } from '../definition.ts';
import { enableEmptyFilterControl } from '../requiredControl.ts';

const KEYS = filterTypeTextKey('filter_select', 'controls');

export const SELECT_DEFAULTS = {
  multiSelect: true,
  enableEmptyFilter: false,
  defaultToFirstItem: false,
  inverseSelection: false,
  searchAllOptions: false,
  sortAscending: true,
} as const;

export const controlPanel: FilterControlPanel = {
  needsDataset: true,
  needsColumn: true,
  hasSortMetric: true,
  hasPreFilters: true,
  controls: [
    {
      name: 'sortAscending',
      type: 'RadioButtonControl',
      labelKey: `${KEYS}.sort`,
      default: SELECT_DEFAULTS.sortAscending,
      choices: [
        { value: true, labelKey: `${KEYS}.sortAscending` },
        { value: false, labelKey: `${KEYS}.sortDescending` },
      ],
    },
    {
      name: 'multiSelect',
      type: 'CheckboxControl',
      labelKey: `${KEYS}.multiSelect`,
      default: SELECT_DEFAULTS.multiSelect,
      affectsValue: true,
    },
    enableEmptyFilterControl,
    {
      name: 'defaultToFirstItem',
      type: 'CheckboxControl',
      labelKey: `${KEYS}.defaultToFirstItem`,
      descriptionKey: `${KEYS}.defaultToFirstItemDescription`,
      default: SELECT_DEFAULTS.defaultToFirstItem,
      affectsValue: true,
    },
    {
      name: 'inverseSelection',
      type: 'CheckboxControl',
      labelKey: `${KEYS}.inverseSelection`,
      descriptionKey: `${KEYS}.inverseSelectionDescription`,
      default: SELECT_DEFAULTS.inverseSelection,
    },
    {
      name: 'searchAllOptions',
      type: 'CheckboxControl',
      labelKey: `${KEYS}.searchAllOptions`,
      descriptionKey: `${KEYS}.searchAllOptionsDescription`,
      default: SELECT_DEFAULTS.searchAllOptions,
    },
  ],
};

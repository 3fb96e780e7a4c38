import { isRequestableRole } from '@vitrina/common';
import type { TFunction } from 'i18next';

/**
 * A role as the interface names it: the three requestable roles have Russian names ('Анализ данных',
 * 'Визуализация данных', 'Подготовка данных') and English ones, 'Vizualize data' spelt right ('Visualize
 * data'; the API keeps Dodo's name); any other role shows its own name.
 */
export function roleLabel(name: string, t: TFunction): string {
  return isRequestableRole(name) ? t(`onboarding.roleNames.${name}`) : name;
}

/** Several roles, comma-joined, as the lists and the step 2 roles line show them. */
export function roleLabels(names: readonly string[], t: TFunction): string {
  return names.map((name) => roleLabel(name, t)).join(', ');
}

import type { TFunction } from 'i18next';

/** Table columns for a list whose rows arrive in a later release: headers only, from i18n keys. */
export function columnTitles(t: TFunction, prefix: string, keys: readonly string[]) {
  return keys.map((key) => ({ key, dataIndex: key, title: t(`${prefix}.${key}`) }));
}

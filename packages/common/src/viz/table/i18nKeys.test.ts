import { describe, expect, it } from 'vitest';
import { appCatalogues as catalogues } from '../../i18n/appCatalogues.ts';
import { plugin as bigNumber } from '../bigNumber/index.ts';
import { plugin as bigNumberTotal } from '../bigNumberTotal/index.ts';
import { plugin as pivotTable } from '../pivotTable/index.ts';
import type { ChartPlugin } from '../types.ts';
import { plugin as table } from './index.ts';

function text(language: 'en' | 'ru', key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      catalogues[language],
    );
}

function keysOf(plugin: ChartPlugin): string[] {
  const keys = [plugin.metadata.nameKey, plugin.metadata.descriptionKey];
  for (const section of plugin.controlPanel.sections) {
    keys.push(section.labelKey);
    for (const row of section.controlRows)
      for (const control of row) {
        keys.push(control.labelKey);
        if (control.descriptionKey) keys.push(control.descriptionKey);
        for (const choice of control.choices ?? []) if (choice.labelKey) keys.push(choice.labelKey);
      }
  }
  return keys;
}

describe('texts of the table, pivot table and big number charts', () => {
  it.each([table, pivotTable, bigNumberTotal, bigNumber])('are in both catalogues: $vizType', (plugin) => {
    const missing = keysOf(plugin).filter(
      (key) => typeof text('en', key) !== 'string' || typeof text('ru', key) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHART_TYPES,
  loadAllChartPlugins,
  loadChartPlugin,
  loadedChartPlugin,
  VIZ_TYPES,
} from './registry.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('a chart type’s code, loaded on demand', () => {
  it('is, for every type, the plugin of what the registry says of the type', async () => {
    for (const vizType of VIZ_TYPES) {
      const type = CHART_TYPES[vizType];
      const plugin = await loadChartPlugin(vizType);
      expect(plugin.vizType, vizType).toBe(vizType);
      expect(plugin.metadata, vizType).toBe(type.metadata);
      expect(plugin.migrate, vizType).toBe(type.migrate);
      expect(plugin.messages, vizType).toBe(type.messages);
      expect(plugin.crossFilterTarget, vizType).toBe(type.crossFilterTarget);
      expect(plugin.controlPanel.sections.length, vizType).toBeGreaterThan(0);
      expect(plugin.buildQuery, vizType).toBeTypeOf('function');
      expect(plugin.transformProps, vizType).toBeTypeOf('function');
      expect(plugin, vizType).not.toHaveProperty('load');
    }
  });

  it('is downloaded once, then read without waiting', async () => {
    const fresh = await import('./registry.ts');
    const load = vi.spyOn(fresh.CHART_TYPES.pie, 'load');
    expect(fresh.loadedChartPlugin('pie')).toBeUndefined();
    const [first, second] = await Promise.all([fresh.loadChartPlugin('pie'), fresh.loadChartPlugin('pie')]);
    expect(first).toBe(second);
    expect(await fresh.loadChartPlugin('pie')).toBe(first);
    expect(fresh.loadedChartPlugin('pie')).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is asked for again after a failed download', async () => {
    const fresh = await import('./registry.ts');
    const load = vi.spyOn(fresh.CHART_TYPES.funnel, 'load').mockRejectedValueOnce(new Error('offline'));
    await expect(fresh.loadChartPlugin('funnel')).rejects.toThrow('offline');
    expect(fresh.loadedChartPlugin('funnel')).toBeUndefined();
    expect((await fresh.loadChartPlugin('funnel')).vizType).toBe('funnel');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('comes all at once for the screens that may use any type', async () => {
    const plugins = await loadAllChartPlugins();
    expect(Object.keys(plugins)).toEqual([...VIZ_TYPES]);
    for (const vizType of VIZ_TYPES) expect(plugins[vizType]).toBe(loadedChartPlugin(vizType));
  });
});

import { describe, expect, it } from 'vitest';
import { readDashboardUrlParams } from './urlParams.ts';

function read(query: string) {
  const entries = new Map(
    query
      .replace(/^\?/, '')
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return [name, decodeURIComponent(value)] as const;
      }),
  );
  return readDashboardUrlParams({ get: (name) => entries.get(name) ?? null });
}

describe('readDashboardUrlParams', () => {
  it('defaults to a plain view', () => {
    expect(read('')).toEqual({
      edit: false,
      focusedChart: null,
      standalone: 0,
      hideTitle: false,
      hideTab: false,
      hideNav: false,
      hideChartControls: false,
      force: false,
      showFilters: true,
      expandFilters: null,
      preselectFilters: { preselections: [], errors: [] },
      disableDomainSharding: false,
    });
  });

  it('accepts disableDomainSharding=1 (a no-op: Vitrina never shards) beside the other parameters', () => {
    expect(read('disableDomainSharding=1&edit=true')).toMatchObject({
      disableDomainSharding: true,
      edit: true,
    });
    expect(read('disableDomainSharding=true').disableDomainSharding).toBe(true);
    expect(read('disableDomainSharding=0').disableDomainSharding).toBe(false);
  });

  it("reads the embedding SDK's filter bar switches", () => {
    expect(read('show_filters=false&expand_filters=false')).toMatchObject({
      showFilters: false,
      expandFilters: false,
    });
    expect(read('show_filters=true&expand_filters=true')).toMatchObject({
      showFilters: true,
      expandFilters: true,
    });
  });

  it('reads edit, force and the focused chart', () => {
    const params = read('edit=true&force=true&focused_chart=12');
    expect(params.edit).toBe(true);
    expect(params.force).toBe(true);
    expect(params.focusedChart).toBe(12);
    expect(read('focused_chart=abc').focusedChart).toBeNull();
  });

  it('maps standalone modes', () => {
    expect(read('standalone=1')).toMatchObject({ standalone: 1, hideNav: true, hideTitle: false });
    expect(read('standalone=2')).toMatchObject({ standalone: 2, hideNav: true, hideTitle: true });
    expect(read('standalone=3')).toMatchObject({ standalone: 3, hideChartControls: true });
    expect(read('standalone=true').standalone).toBe(1);
    expect(read('standalone=7').standalone).toBe(0);
  });

  it('reads uiConfig bits', () => {
    expect(read('uiConfig=1')).toMatchObject({ hideTitle: true, hideTab: false });
    expect(read('uiConfig=2')).toMatchObject({ hideTab: true, hideTitle: false });
    expect(read('uiConfig=12')).toMatchObject({ hideNav: true, hideChartControls: true, hideTab: false });
  });

  it('reads preselect_filters as chartId_column keys, keeping the readable entries', () => {
    const text = encodeURIComponent(JSON.stringify({ 12: { region: ['East'] }, abc: { region: 'West' } }));
    const { preselectFilters } = read(`preselect_filters=${text}`);
    expect(preselectFilters.preselections).toEqual([{ chartId: 12, column: 'region', value: ['East'] }]);
    expect(preselectFilters.errors.map((error) => error.message)).toEqual([
      'Cannot parse invalid filter key',
    ]);
    expect(read('preselect_filters=%7Bnot%20json').preselectFilters.errors[0]?.name).toBe(
      'PreselectFiltersError',
    );
  });
});

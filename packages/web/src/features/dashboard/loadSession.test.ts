import type { DashboardDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { loadAction, parseMetadata } from './loadSession.ts';
import { chartDto } from './view/canvasTestHarness.tsx';

describe('parseMetadata', () => {
  it('reads json_metadata and treats anything unreadable as none', () => {
    expect(parseMetadata('{"color_scheme":"bnbColors"}')).toEqual({ color_scheme: 'bnbColors' });
    expect(parseMetadata(null)).toEqual({});
    expect(parseMetadata('not json')).toEqual({});
    expect(parseMetadata('[1]')).toEqual({});
  });
});

describe('loadAction', () => {
  it('places charts missing from position_json and keeps the titles and CSS', () => {
    const dashboard = {
      dashboard_title: 'Births',
      dashboard_title_ru: null,
      css: null,
      json_metadata: '{"label_colors":{"boys":"#111"}}',
      position_json: null,
    } as unknown as DashboardDto;
    const action = loadAction(dashboard, [chartDto(5)]);
    expect(action).toMatchObject({
      title: 'Births',
      titleRu: '',
      css: '',
      metadata: { label_colors: { boys: '#111' } },
    });
    const charts = Object.values(action.layout).filter(
      (node) => typeof node === 'object' && node?.type === 'CHART',
    );
    expect(charts).toHaveLength(1);
  });
});

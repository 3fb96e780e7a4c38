// @vitest-environment jsdom
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, stubLayoutApis } from '../../../testing/providers.tsx';
import { layoutOf, renderCanvas } from '../view/canvasTestHarness.tsx';
import { Palette } from './Palette.tsx';

configure({ asyncUtilTimeout: 10_000 });

const layout = layoutOf([
  ['ROOT_ID', 'ROOT', ['GRID_ID']],
  ['GRID_ID', 'GRID', []],
]);

function answerCharts(response: () => Response) {
  stubFetch((_method, url) =>
    url.startsWith('/api/v1/chart/') ? response() : json(404, { message: `Not found: ${url}` }),
  );
}

beforeEach(() => stubLayoutApis());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the edit palette’s saved charts', () => {
  it('toasts the reason of a failed fetch and keeps it in the palette', async () => {
    answerCharts(() => json(500, { message: 'The chart table is locked' }));
    renderCanvas({ layout, editing: true, children: <Palette /> });
    expect(
      await screen.findByText('Sorry there was an error fetching saved charts: The chart table is locked'),
    ).toBeTruthy();
    expect(
      screen.getByText('The chart table is locked', { selector: '[data-test="palette-charts-error"]' }),
    ).toBeTruthy();
  });

  it('says it could not fetch all saved charts when the server gave no reason', async () => {
    answerCharts(() => new Response('<html>bad gateway</html>', { status: 502 }));
    renderCanvas({ layout, editing: true, children: <Palette /> });
    expect(await screen.findByText('Could not fetch all saved charts')).toBeTruthy();
    expect(
      await screen.findByText('Sorry there was an error fetching saved charts: Bad gateway'),
    ).toBeTruthy();
  });

  it('in Russian', async () => {
    answerCharts(() => new Response('', { status: 502 }));
    renderCanvas({ layout, editing: true, language: 'ru', children: <Palette /> });
    expect(await screen.findByText('Не удалось загрузить все сохранённые графики')).toBeTruthy();
  });
});

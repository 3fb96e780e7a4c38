// @vitest-environment jsdom

import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { ChartDataResult, ChartDataTimings } from '@vitrina/common';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayoutApis } from '../testing/providers.tsx';
import { ChartTimingModal } from './ChartTimingModal.tsx';
import { serverTimings, useRecordChartTiming } from './chartTimings.ts';
import { renderIn } from './testUtils.tsx';
import type { AnswerTiming } from './useChartData.ts';

beforeEach(stubLayoutApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SERVER: ChartDataTimings = {
  queue_wait_ms: null,
  database_ms: 12.5,
  post_processing_ms: 1.2,
  serialisation_ms: 0.3,
  total_ms: 20.4,
  cache: 'miss',
};

const answer = (timings: ChartDataTimings | null): ChartDataResult[] => [
  { data: [{ a: 1 }], colnames: ['a'], coltypes: [0], rowcount: 1, ...(timings ? { timings } : {}) },
];

/** A chart box whose canvas says whether it has drawn, recording its answers under `key`. */
function TimedChart({
  timingKey,
  queriesData,
  answered,
  drawn,
}: {
  timingKey: string;
  queriesData: ChartDataResult[];
  answered: AnswerTiming;
  drawn: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useRecordChartTiming(timingKey, queriesData, answered, box);
  return (
    <div ref={box}>
      <div data-echarts-drawn={String(drawn)} />
    </div>
  );
}

function screenWith(props: { drawn: boolean; queriesData?: ChartDataResult[]; language?: 'en' | 'ru' }) {
  const answered = { startedAt: 100, receivedAt: 142.25 };
  const ui = (drawn: boolean) => (
    <>
      <TimedChart
        timingKey="chart-1"
        queriesData={props.queriesData ?? answer(SERVER)}
        answered={answered}
        drawn={drawn}
      />
      <ChartTimingModal name="Orders" timingKey="chart-1" onClose={() => {}} />
    </>
  );
  const view = renderIn(props.language ?? 'en', ui(props.drawn));
  return { ...view, draw: () => view.rerender(ui(true)) };
}

const value = (key: string) => screen.getByTestId(`timing-${key}`).textContent;

describe('the Timing view', () => {
  it("lists the server's phases and the browser's round trip, and the render time once drawn", async () => {
    const view = screenWith({ drawn: false });
    expect(await screen.findByText('Timing: Orders')).toBeTruthy();
    expect(value('queueWait')).toBe('Not queued');
    expect(value('database')).toBe('12.5 ms');
    expect(value('postProcessing')).toBe('1.2 ms');
    expect(value('serialisation')).toBe('0.3 ms');
    expect(value('total')).toBe('20.4 ms');
    expect(value('cache')).toBe('Miss');
    expect(value('roundTrip')).toBe('42.3 ms');
    expect(value('render')).toBe('Drawing…');
    act(() => view.draw());
    await waitFor(() => expect(value('render')).toMatch(/^\d+(\.\d)? ms$/));
  });

  it('says so when the answer carries no server timings, and speaks Russian', async () => {
    screenWith({ drawn: true, queriesData: answer(null), language: 'ru' });
    expect(await screen.findByText('Сервер не прислал времена с этим ответом.')).toBeTruthy();
    expect(screen.queryByTestId('timing-database')).toBeNull();
    expect(value('roundTrip')).toBe('42.3 мс');
  });

  it('shows a block per query and a hit from the cache', async () => {
    const hit = { ...SERVER, cache: 'hit' as const, database_ms: 0, queue_wait_ms: 3 };
    screenWith({ drawn: true, queriesData: [...answer(SERVER), ...answer(hit)] });
    expect(await screen.findByText('Query 2')).toBeTruthy();
    expect(screen.getAllByTestId('timing-cache').map((cell) => cell.textContent)).toEqual(['Miss', 'Hit']);
    expect(screen.getAllByTestId('timing-queueWait').map((cell) => cell.textContent)).toEqual([
      'Not queued',
      '3 ms',
    ]);
  });

  it('has nothing to show before the first answer', () => {
    renderIn('en', <ChartTimingModal name="Orders" timingKey="never-answered" onClose={() => {}} />);
    expect(screen.getByText('The chart has no answer yet.')).toBeTruthy();
  });
});

describe('serverTimings', () => {
  it('keeps the well-formed timings of the results that carry them', () => {
    expect(serverTimings([...answer(SERVER), ...answer(null)])).toEqual([SERVER]);
  });
});

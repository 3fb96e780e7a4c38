// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EChartsRenderer } from './EChartsRenderer.tsx';
import { fakeResizeObserver, renderIn } from './testUtils.tsx';

// jsdom has no canvas: the ECharts instance is a recording fake.
const echarts = vi.hoisted(() => {
  const instances: Array<{
    element: HTMLElement;
    options: { locale?: string };
    setOption: ReturnType<typeof vi.fn>;
    resize: ReturnType<typeof vi.fn>;
    dispose: ReturnType<typeof vi.fn>;
    on: ReturnType<typeof vi.fn>;
    off: ReturnType<typeof vi.fn>;
    isDisposed: () => boolean;
    handlers: Map<string, Array<(params: unknown) => void>>;
  }> = [];
  return { instances };
});

vi.mock('echarts/core', () => ({
  use: vi.fn(),
  registerLocale: vi.fn(),
  init: vi.fn((element: HTMLElement, _theme: unknown, options: { locale?: string }) => {
    let disposed = false;
    const handlers = new Map<string, Array<(params: unknown) => void>>();
    const instance = {
      element,
      options,
      handlers,
      setOption: vi.fn(),
      resize: vi.fn(),
      dispose: vi.fn(() => {
        disposed = true;
      }),
      isDisposed: () => disposed,
      on: vi.fn((name: string, handler: (params: unknown) => void) => {
        handlers.set(name, [...(handlers.get(name) ?? []), handler]);
      }),
      off: vi.fn((name: string, handler: (params: unknown) => void) => {
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((item) => item !== handler),
        );
      }),
    };
    echarts.instances.push(instance);
    return instance;
  }),
}));

// The parts registry as a fake: what is registered, and loads that finish when a test says so.
const parts = vi.hoisted(() => {
  const registered = new Map<string, number>();
  let count = 0;
  let finishLoads: Array<() => void> = [];
  return {
    registered,
    register(names: string[]) {
      for (const name of names) registered.set(name, ++count);
    },
    count: () => count,
    finish() {
      for (const finish of finishLoads) finish();
      finishLoads = [];
    },
    pending: (names: readonly string[]) =>
      new Promise<void>((resolve) => {
        finishLoads.push(() => {
          parts.register(names.filter((name) => !registered.has(name)));
          resolve();
        });
      }),
    reset() {
      registered.clear();
      count = 0;
      finishLoads = [];
    },
  };
});

vi.mock('./echartsParts.ts', () => ({
  partsOf: (option: { series?: Array<{ type: string }> }) =>
    (option.series ?? []).map((s) => `series.${s.type}`),
  partsRegisteredAt: (names: readonly string[]) =>
    names.every((name) => parts.registered.has(name))
      ? Math.max(0, ...names.map((name) => parts.registered.get(name)!))
      : null,
  registrationCount: () => parts.count(),
  loadParts: (names: readonly string[]) => parts.pending(names),
}));

const resize = fakeResizeObserver({ width: 600, height: 300 });

beforeEach(() => {
  echarts.instances.length = 0;
  parts.reset();
  parts.register(['series.line', 'series.bar']);
  vi.stubGlobal('ResizeObserver', resize.ResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OPTION_A = { series: [{ type: 'line', data: [1, 2] }] };
const OPTION_B = { series: [{ type: 'bar', data: [3] }] };

describe('EChartsRenderer', () => {
  it('draws the option with notMerge and replaces it when the option changes', () => {
    const view = renderIn('en', <EChartsRenderer option={OPTION_A} width={600} height={300} />);
    expect(echarts.instances).toHaveLength(1);
    const chart = echarts.instances[0]!;
    expect(chart.options.locale).toBe('EN');
    expect(chart.setOption).toHaveBeenLastCalledWith(OPTION_A, { notMerge: true });
    expect(chart.resize).toHaveBeenCalledWith({ width: 600, height: 300 });

    view.rerender(<EChartsRenderer option={OPTION_B} width={600} height={300} />);
    // The same instance is kept; only the option is replaced.
    expect(echarts.instances).toHaveLength(1);
    expect(chart.setOption).toHaveBeenLastCalledWith(OPTION_B, { notMerge: true });
  });

  it('resizes with its container and with new dimensions', () => {
    const view = renderIn('en', <EChartsRenderer option={OPTION_A} width={600} height={300} />);
    const chart = echarts.instances[0]!;
    chart.resize.mockClear();
    act(() => resize.resizeAll({ width: 500, height: 250 }));
    expect(chart.resize).toHaveBeenCalledTimes(1);

    view.rerender(<EChartsRenderer option={OPTION_A} width={800} height={450} />);
    expect(chart.resize).toHaveBeenLastCalledWith({ width: 800, height: 450 });
    expect(view.getByTestId('echarts-container').style.width).toBe('800px');
  });

  it('disposes the instance and stops observing on unmount', () => {
    const view = renderIn('en', <EChartsRenderer option={OPTION_A} width={600} height={300} />);
    expect(resize.connected()).toBe(1);
    view.unmount();
    expect(echarts.instances[0]!.dispose).toHaveBeenCalledTimes(1);
    expect(resize.connected()).toBe(0);
  });

  it('passes click events to the latest handler', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = renderIn(
      'en',
      <EChartsRenderer option={OPTION_A} width={600} height={300} onEvents={{ click: first }} />,
    );
    const chart = echarts.instances[0]!;
    view.rerender(
      <EChartsRenderer option={OPTION_A} width={600} height={300} onEvents={{ click: second }} />,
    );
    for (const handler of chart.handlers.get('click') ?? []) handler({ name: 'FR' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ name: 'FR' });

    view.rerender(<EChartsRenderer option={OPTION_A} width={600} height={300} />);
    expect(chart.handlers.get('click')).toEqual([]);
  });

  it('uses the Russian ECharts locale in a Russian UI', () => {
    renderIn('ru', <EChartsRenderer option={OPTION_A} width={600} height={300} />);
    expect(echarts.instances[0]!.options.locale).toBe('RU');
  });

  it('waits for the series it draws with, saying so, and draws once they are registered', async () => {
    const pending = vi.fn();
    const pie = { series: [{ type: 'pie', data: [1] }] };
    const view = renderIn(
      'en',
      <EChartsRenderer option={pie} width={600} height={300} onDrawingPending={pending} />,
    );
    expect(echarts.instances).toHaveLength(0);
    expect(pending).toHaveBeenLastCalledWith(true);
    expect(view.getByTestId('echarts-container').dataset.echartsDrawn).toBe('false');

    await act(async () => parts.finish());
    expect(echarts.instances).toHaveLength(1);
    expect(echarts.instances[0]!.setOption).toHaveBeenLastCalledWith(pie, { notMerge: true });
    expect(pending).toHaveBeenLastCalledWith(false);
  });

  it('makes a new instance when a new option needs a part registered after the current one', async () => {
    const view = renderIn('en', <EChartsRenderer option={OPTION_A} width={600} height={300} />);
    const first = echarts.instances[0]!;
    const funnel = { series: [{ type: 'funnel', data: [1] }] };
    view.rerender(<EChartsRenderer option={funnel} width={600} height={300} />);
    await act(async () => parts.finish());
    // ECharts copies its processors at init: the old instance could not lay a funnel out.
    expect(first.dispose).toHaveBeenCalledTimes(1);
    expect(echarts.instances).toHaveLength(2);
    expect(first.setOption).not.toHaveBeenCalledWith(funnel, expect.anything());
    expect(echarts.instances[1]!.setOption).toHaveBeenLastCalledWith(funnel, { notMerge: true });
  });
});

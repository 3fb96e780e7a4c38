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

const resize = fakeResizeObserver({ width: 600, height: 300 });

beforeEach(() => {
  echarts.instances.length = 0;
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
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SLOW_DEBOUNCE_MS, sharedControls } from '@vitrina/common';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  byLabel,
  chooseOption,
  clickButton,
  installBrowserStubs,
  renderControl,
  stubFetch,
  UI_TEST_TIMEOUT,
} from '../testing.tsx';
import { TimeRangeControl } from './TimeRangeControl.tsx';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADVANCED = 'DATEADD(DATETIME("today"), -7, day) : today';

/** The server's answers: the q parameter (rison) names the range. */
function stubTimeRange() {
  return stubFetch([
    [
      /time_range\/\?q=.*nonsense/,
      () => ({ status: 400, body: { message: 'Unexpected time range: nonsense' } }),
    ],
    [
      /time_range\/\?q=/,
      (url) => ({
        body: {
          result: [
            {
              since: '2024-05-13T00:00:00',
              until: url.includes('today') || url.includes('Last') ? '2024-05-20T00:00:00' : '',
              timeRange: 'x',
              shift: null,
            },
          ],
        },
      }),
    ],
  ]);
}

const applyButton = () =>
  [...document.querySelectorAll('button')].find(
    (button) => button.textContent === 'Apply',
  ) as HTMLButtonElement;

function openPicker() {
  fireEvent.click(document.querySelector('.explore-time-range-label') as HTMLElement);
}

describe('TimeRangeControl', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows a named range by its name and its bounds on hover', async () => {
    stubTimeRange();
    renderControl(TimeRangeControl, { control: sharedControls.time_range, value: 'Last week' });
    const label = document.querySelector('.explore-time-range-label') as HTMLElement;
    expect(label.textContent).toBe('Last week');
    fireEvent.mouseEnter(label.closest('button') as HTMLElement);
    // The bounds come from the (stubbed) server after the tooltip mounts: allow a busy machine its time.
    expect(await screen.findByText('2024-05-13 ≤ col < 2024-05-20', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('picks a Last range', async () => {
    stubTimeRange();
    const { onChange } = renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: 'No filter',
    });
    openPicker();
    await chooseOption('Range type', 'Last');
    fireEvent.click(await screen.findByLabelText('Last month'));
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith('Last month');
  });

  it('picks a previous calendar range', async () => {
    stubTimeRange();
    const { onChange } = renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: 'Last week',
    });
    openPicker();
    await chooseOption('Range type', 'Previous');
    fireEvent.click(await screen.findByLabelText('Previous calendar month'));
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith('previous calendar month');
  });

  it('clears the range with No filter', async () => {
    stubTimeRange();
    const { onChange } = renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: 'Last week',
    });
    openPicker();
    await chooseOption('Range type', 'No filter');
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith('No filter');
  });

  it('previews an advanced range from the server and applies it', async () => {
    const fetchMock = stubTimeRange();
    const { onChange } = renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: 'No filter',
    });
    openPicker();
    await chooseOption('Range type', 'Advanced');
    fireEvent.change(screen.getByLabelText('Start (inclusive)'), {
      target: { value: 'DATEADD(DATETIME("today"), -7, day)' },
    });
    fireEvent.change(screen.getByLabelText('End (exclusive)'), { target: { value: 'today' } });
    // The bounds come from the (stubbed) server after the tooltip mounts: allow a busy machine its time.
    expect(await screen.findByText('2024-05-13 ≤ col < 2024-05-20', {}, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => decodeURIComponent(String(url)).includes('DATEADD'))).toBe(
      true,
    );
    await waitFor(() => expect(applyButton().disabled).toBe(false));
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith(ADVANCED);
  });

  it('asks the server for a typed range only once the typing has paused for 500 ms', async () => {
    const fetchMock = stubTimeRange();
    renderControl(TimeRangeControl, { control: sharedControls.time_range, value: 'No filter' });
    openPicker();
    await chooseOption('Range type', 'Advanced');
    const asked = (text: string) =>
      fetchMock.mock.calls.filter(([url]) => decodeURIComponent(String(url)).includes(text)).length;
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('Start (inclusive)'), { target: { value: '2024-01-0' } });
      act(() => vi.advanceTimersByTime(SLOW_DEBOUNCE_MS - 100));
      fireEvent.change(screen.getByLabelText('Start (inclusive)'), { target: { value: '2024-01-02' } });
      act(() => vi.advanceTimersByTime(SLOW_DEBOUNCE_MS - 1));
      expect(asked('2024-01-0')).toBe(0);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(asked('2024-01-02')).toBe(1));
    expect(asked('2024-01-0 ')).toBe(0);
  });

  it("shows the server's error for a range it cannot read and does not apply it", async () => {
    stubTimeRange();
    const { onChange } = renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: 'No filter',
    });
    openPicker();
    await chooseOption('Range type', 'Advanced');
    fireEvent.change(screen.getByLabelText('Start (inclusive)'), { target: { value: 'nonsense' } });
    expect(await screen.findByText('Unexpected time range: nonsense')).toBeTruthy();
    expect(applyButton().disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('builds a custom range from N units before now', async () => {
    stubTimeRange();
    const { onChange } = renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: 'No filter',
    });
    openPicker();
    await chooseOption('Range type', 'Custom');
    // The custom frame's date pickers load when it is first chosen.
    await waitFor(() => byLabel('End'));
    await chooseOption('End', 'Now');
    fireEvent.change(byLabel('Number of units'), { target: { value: '3' } });
    await chooseOption('Unit', 'Weeks before');
    await waitFor(() => expect(applyButton().disabled).toBe(false));
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith('DATEADD(DATETIME("now"), -3, week) : now');
  });

  it('labels a custom range by its evaluated bounds, for the time column', async () => {
    stubTimeRange();
    renderControl(TimeRangeControl, {
      control: sharedControls.time_range,
      value: ADVANCED,
      formData: { datasource: '7__table', viz_type: 'table', granularity_sqla: 'order_ts' },
    });
    await waitFor(() =>
      expect(document.querySelector('.explore-time-range-label')?.textContent).toBe(
        '2024-05-13 ≤ order_ts < 2024-05-20',
      ),
    );
  });
});

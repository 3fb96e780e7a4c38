// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sharedControls } from '@vitrina/common';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setDragPayload } from '../../dnd.ts';
import {
  byLabel,
  chooseOption,
  FakeDataTransfer,
  installBrowserStubs,
  renderControl,
  UI_TEST_TIMEOUT,
} from '../testing.tsx';
import { MetricControl, MetricsControl } from './MetricsControl.tsx';

beforeAll(installBrowserStubs);
afterEach(cleanup);

function drop(target: Element, kind: 'column' | 'metric', name: string) {
  const dataTransfer = new FakeDataTransfer();
  setDragPayload(dataTransfer as unknown as DataTransfer, { kind, name });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('MetricsControl', { timeout: UI_TEST_TIMEOUT }, () => {
  it('builds a simple metric labelled SUM(revenue) in the editor', async () => {
    const { onChange } = renderControl(MetricsControl, { control: sharedControls.metrics, value: [] });
    fireEvent.click(screen.getByRole('button', { name: /Drop columns or metrics here or click/ }));
    fireEvent.click(await screen.findByText('Simple'));
    await chooseOption('Column', 'revenue');
    await chooseOption('Aggregate', 'SUM');
    expect((byLabel('Metric label') as HTMLInputElement).placeholder).toBe('SUM(revenue)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        expressionType: 'SIMPLE',
        column: { column_name: 'revenue', type: 'DOUBLE' },
        aggregate: 'SUM',
        label: 'SUM(revenue)',
        hasCustomLabel: false,
      }),
    ]);
  });

  it('keeps Save disabled until the metric is complete', async () => {
    renderControl(MetricsControl, { control: sharedControls.metrics, value: [] });
    fireEvent.click(screen.getByRole('button', { name: /Drop columns or metrics/ }));
    fireEvent.click(await screen.findByText('Simple'));
    await chooseOption('Column', 'revenue');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('opens a dropped column in the editor on Simple, pre-filled', async () => {
    const { onChange } = renderControl(MetricsControl, { control: sharedControls.metrics, value: ['count'] });
    drop(screen.getByRole('group'), 'column', 'revenue');
    const label = (await screen.findByRole('textbox', { name: 'Metric label' })) as HTMLInputElement;
    expect(label.placeholder).toBe('SUM(revenue)');
    fireEvent.change(label, { target: { value: 'Revenue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith([
      'count',
      expect.objectContaining({ aggregate: 'SUM', label: 'Revenue', hasCustomLabel: true }),
    ]);
  });

  it('edits a metric in place from its chip', async () => {
    const adhoc = {
      expressionType: 'SIMPLE',
      column: { column_name: 'revenue', type: 'DOUBLE' },
      aggregate: 'SUM',
      label: 'SUM(revenue)',
      hasCustomLabel: false,
      optionName: 'metric_1_2',
    };
    const { onChange } = renderControl(MetricsControl, {
      control: sharedControls.metrics,
      value: ['count', adhoc],
    });
    fireEvent.click(screen.getByTitle('SUM(revenue)'));
    await chooseOption('Aggregate', 'AVG');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith(['count', { ...adhoc, aggregate: 'AVG', label: 'AVG(revenue)' }]);
  });

  it('adds a dropped saved metric at once', () => {
    const { onChange } = renderControl(MetricsControl, { control: sharedControls.metrics, value: [] });
    drop(screen.getByRole('group'), 'metric', 'count');
    expect(onChange).toHaveBeenCalledWith(['count']);
  });

  it('shows metrics by their labels, removes and reorders them', () => {
    const adhoc = { expressionType: 'SQL', sqlExpression: 'MAX(revenue)', label: 'Top' };
    const { onChange } = renderControl(MetricsControl, {
      control: sharedControls.metrics,
      value: ['count', adhoc],
    });
    const chips = screen.getAllByTestId('explore-option');
    expect(chips.map((chip) => chip.textContent)).toEqual(['COUNT(*)', 'Top']);

    fireEvent.click(within(chips[0] as HTMLElement).getByRole('button', { name: 'Remove COUNT(*)' }));
    expect(onChange).toHaveBeenLastCalledWith([adhoc]);

    const dataTransfer = new FakeDataTransfer();
    fireEvent.dragStart(chips[1] as HTMLElement, { dataTransfer });
    fireEvent.drop(chips[0] as HTMLElement, { dataTransfer });
    expect(onChange).toHaveBeenLastCalledWith([adhoc, 'count']);
  });

  it('holds one metric in MetricControl; a drop replaces it', async () => {
    const { onChange } = renderControl(MetricControl, { control: sharedControls.metric, value: 'count' });
    expect(screen.queryByRole('button', { name: /Drop a column or metric/ })).toBeNull();
    drop(screen.getByRole('group'), 'column', 'country');
    await screen.findByRole('textbox', { name: 'Metric label' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(
        expect.objectContaining({ aggregate: 'COUNT_DISTINCT', label: 'COUNT_DISTINCT(country)' }),
      ),
    );
  });

  it('marks the metric required and shows its message', () => {
    renderControl(MetricsControl, {
      control: sharedControls.metrics,
      value: [],
      errors: [{ key: 'validation.nonEmpty' }],
    });
    expect(screen.getByText('Metrics').querySelector('.explore-control-required')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('cannot be empty');
  });
});

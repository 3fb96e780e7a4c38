// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { sharedControls } from '@vitrina/common';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDragPayload } from '../../dnd.ts';
import {
  byLabel,
  chooseOption,
  clickButton,
  FakeDataTransfer,
  installBrowserStubs,
  renderControl,
  stubFetch,
  UI_TEST_TIMEOUT,
} from '../testing.tsx';
import { AdhocFilterControl } from './AdhocFilterControl.tsx';

// CodeMirror does not type in jsdom; a textarea stands in for the SQL editor.
vi.mock('../../../../components/SqlEditor.tsx', () => ({
  SqlEditor: (props: { value?: string; onChange?: (value: string) => void; ariaLabel?: string }) => (
    <textarea
      aria-label={props.ariaLabel}
      value={props.value}
      onChange={(event) => props.onChange?.(event.target.value)}
    />
  ),
}));

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function drop(kind: 'column' | 'metric', name: string) {
  const dataTransfer = new FakeDataTransfer();
  setDragPayload(dataTransfer as unknown as DataTransfer, { kind, name });
  const target = screen.getByRole('group');
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

function stubValues() {
  return stubFetch([
    [
      /\/api\/v1\/datasource\/table\/7\/column\/country\/values\//,
      () => ({ body: { result: ['FR', 'DE', 'IT', null] } }),
    ],
    [
      /\/api\/v1\/time_range\//,
      () => ({ body: { result: [{ since: '', until: '', timeRange: 'No filter', shift: null }] } }),
    ],
  ]);
}

describe('AdhocFilterControl', { timeout: UI_TEST_TIMEOUT }, () => {
  it('builds an IN filter from values pasted into the editor', async () => {
    stubValues();
    const { onChange } = renderControl(AdhocFilterControl, {
      control: sharedControls.adhoc_filters,
      value: [],
    });
    drop('column', 'country');
    const values = await waitFor(() => byLabel('Values'));
    fireEvent.paste(values, { clipboardData: { getData: () => 'FR, DE\nIT\tES;FR' } });
    clickButton('Save');
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'country',
        operator: 'IN',
        operatorId: 'IN',
        comparator: ['FR', 'DE', 'IT', 'ES'],
      }),
    ]);
  });

  it('suggests the column values the database has', async () => {
    const fetchMock = stubValues();
    const { onChange } = renderControl(AdhocFilterControl, {
      control: sharedControls.adhoc_filters,
      value: [],
    });
    drop('column', 'country');
    await chooseOption('Operator', 'Equal to (=)');
    await chooseOption('Value', 'DE');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/column/country/values/'))).toBe(true);
    clickButton('Save');
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ operator: '==', comparator: 'DE' })]);
  });

  it('takes typed values that are not suggested', async () => {
    stubValues();
    const { onChange } = renderControl(AdhocFilterControl, {
      control: sharedControls.adhoc_filters,
      value: [],
    });
    drop('column', 'revenue');
    await chooseOption('Operator', 'Greater than (>)');
    fireEvent.change(byLabel('Value'), { target: { value: '250' } });
    clickButton('Save');
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ subject: 'revenue', operator: '>', comparator: 250 }),
    ]);
  });

  it('starts a time column with a No filter time range', async () => {
    stubValues();
    const { onChange, rerenderWith } = renderControl(AdhocFilterControl, {
      control: sharedControls.adhoc_filters,
      value: [],
    });
    drop('column', 'order_ts');
    await screen.findByText('Time range');
    clickButton('Save');
    const saved = onChange.mock.calls[0]?.[0] as unknown[];
    expect(saved).toEqual([
      expect.objectContaining({ subject: 'order_ts', operator: 'TEMPORAL_RANGE', comparator: 'No filter' }),
    ]);
    rerenderWith(saved);
    expect(screen.getByTestId('explore-option').textContent).toBe('order_ts (No filter)');
  });

  it('writes custom SQL for HAVING', async () => {
    stubValues();
    const { onChange } = renderControl(AdhocFilterControl, {
      control: sharedControls.adhoc_filters,
      value: [],
    });
    fireEvent.click(screen.getByText('Drop columns or metrics here or click'));
    fireEvent.click(await screen.findByText('Custom SQL'));
    await chooseOption('Clause', 'HAVING');
    fireEvent.change(byLabel('SQL condition'), { target: { value: 'SUM(revenue) > 100' } });
    clickButton('Save');
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        expressionType: 'SQL',
        clause: 'HAVING',
        sqlExpression: 'SUM(revenue) > 100',
      }),
    ]);
  });

  it('opens a dropped saved metric as a HAVING condition on its expression', async () => {
    stubValues();
    renderControl(AdhocFilterControl, { control: sharedControls.adhoc_filters, value: [] });
    drop('metric', 'count');
    const sql = (await waitFor(() => byLabel('SQL condition'))) as HTMLTextAreaElement;
    expect(sql.value).toBe('COUNT(*)');
  });

  it('lists saved filters by their labels', () => {
    stubValues();
    renderControl(AdhocFilterControl, {
      control: sharedControls.adhoc_filters,
      value: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'country',
          operator: 'IN',
          comparator: ['FR', 'DE'],
        },
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'order_ts',
          operator: 'TEMPORAL_RANGE',
          comparator: 'Last week',
        },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'revenue > 0' },
      ],
    });
    expect(screen.getAllByTestId('explore-option').map((chip) => chip.textContent)).toEqual([
      'country IN (FR, DE)',
      'order_ts (Last week)',
      'revenue > 0',
    ]);
  });
});

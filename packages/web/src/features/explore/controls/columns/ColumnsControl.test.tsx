// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
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
  UI_TEST_TIMEOUT,
} from '../testing.tsx';
import { buildColumn, columnDraft } from './adhocColumn.ts';
import { GroupByControl, TemporalColumnControl } from './ColumnsControl.tsx';

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
afterEach(cleanup);

function drop(kind: 'column' | 'metric', name: string) {
  const dataTransfer = new FakeDataTransfer();
  setDragPayload(dataTransfer as unknown as DataTransfer, { kind, name });
  fireEvent.dragOver(screen.getByRole('group'), { dataTransfer });
  fireEvent.drop(screen.getByRole('group'), { dataTransfer });
}

describe('adhoc columns', () => {
  it('gives a dataset column by name and custom SQL as an adhoc column', () => {
    expect(buildColumn({ ...columnDraft(null), column: 'country' })).toBe('country');
    expect(buildColumn({ ...columnDraft(null), tab: 'SQL', sqlExpression: ' upper(country) ' })).toEqual({
      label: 'upper(country)',
      sqlExpression: 'upper(country)',
      expressionType: 'SQL',
    });
    expect(
      buildColumn({ ...columnDraft(null), tab: 'SQL', sqlExpression: 'a || b', label: 'ab' }),
    ).toMatchObject({
      label: 'ab',
    });
    expect(buildColumn({ ...columnDraft(null), tab: 'SQL' })).toBeNull();
  });
});

describe('column controls', { timeout: UI_TEST_TIMEOUT }, () => {
  it('adds a dropped column once, and ignores metrics', () => {
    const { onChange } = renderControl(GroupByControl, {
      control: sharedControls.groupby,
      value: ['country'],
    });
    drop('column', 'revenue');
    expect(onChange).toHaveBeenLastCalledWith(['country', 'revenue']);
    onChange.mockClear();
    drop('column', 'country');
    drop('metric', 'count');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows columns by their verbose names', () => {
    renderControl(GroupByControl, {
      control: sharedControls.groupby,
      value: ['country', { label: 'Year', sqlExpression: 'year(order_ts)', expressionType: 'SQL' }],
    });
    expect(screen.getAllByTestId('explore-option').map((chip) => chip.textContent)).toEqual([
      'Country',
      'Year',
    ]);
  });

  it('adds a custom SQL dimension', async () => {
    const { onChange } = renderControl(GroupByControl, { control: sharedControls.groupby, value: [] });
    fireEvent.click(screen.getByText('Drop columns here or click'));
    fireEvent.click(await screen.findByText('Custom SQL'));
    fireEvent.change(byLabel('SQL expression'), { target: { value: 'year(order_ts)' } });
    fireEvent.change(byLabel('Column label'), { target: { value: 'Year' } });
    clickButton('Save');
    expect(onChange).toHaveBeenCalledWith([
      { label: 'Year', sqlExpression: 'year(order_ts)', expressionType: 'SQL' },
    ]);
  });

  it('lists temporal columns first for the x-axis and holds one column', async () => {
    const { onChange } = renderControl(TemporalColumnControl, {
      control: sharedControls.x_axis,
      value: null,
    });
    fireEvent.click(screen.getByText('Drop a column here or click'));
    fireEvent.mouseDown(await screen.findByLabelText('Column'));
    const titles = await screen.findAllByRole('option');
    expect(titles[0]?.textContent).toBe('order_ts');
    await chooseOption('Column', 'order_ts');
    clickButton('Save');
    expect(onChange).toHaveBeenCalledWith('order_ts');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ControlConfig, sharedControls, validators } from '@vitrina/common';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckboxControl, TextControl } from '../basic/InputControls.tsx';
import { installBrowserStubs, renderControl } from '../testing.tsx';
import { SelectControl } from './SelectControl.tsx';
import { keepKnownValues, typedValue } from './selectModel.ts';
import { timeGrainChoices } from './TimeGrainControl.tsx';

beforeAll(installBrowserStubs);
afterEach(cleanup);

const sortControl: ControlConfig = {
  name: 'sort_series_type',
  type: 'SelectControl',
  labelKey: 'controls.sortSeriesBy',
  choices: sharedControls.sort_series_type.choices,
};

describe('select values', () => {
  it('drops values not among the choices unless free form', () => {
    const choices = [{ value: 'a' }, { value: 'b' }];
    expect(keepKnownValues('c', choices, false)).toBeNull();
    expect(keepKnownValues('c', choices, true)).toBe('c');
    expect(keepKnownValues(['a', 'c', 'b'], choices, false)).toEqual(['a', 'b']);
    const known = ['a'];
    expect(keepKnownValues(known, choices, false)).toBe(known);
    expect(keepKnownValues(100, [{ value: '100' }], false)).toBe(100);
  });

  it('reads typed values as numbers when the choices are numbers', () => {
    expect(typedValue(' 2000 ', sharedControls.row_limit.choices)).toBe(2000);
    expect(typedValue('abc', sharedControls.row_limit.choices)).toBe('abc');
    expect(typedValue('.2f', [{ value: ',d' }])).toBe('.2f');
  });

  it('offers the grains the dataset supports, in the control order, then the others', () => {
    const choices = timeGrainChoices(
      sharedControls.time_grain_sqla.choices,
      [
        ['P1M', 'Month'],
        ['PT15M', '15 minute'],
        ['P1D', 'Day'],
        ['PT2H', 'Two hours'],
      ],
      (key) => key.endsWith('PT15M'),
    );
    expect(choices.map((choice) => choice.value)).toEqual(['P1D', 'P1M', 'PT15M', 'PT2H']);
    expect(choices[2]).toMatchObject({ labelKey: 'controls.timeGrains.PT15M' });
    expect(choices[3]).toEqual({ value: 'PT2H', label: 'Two hours' });
    expect(timeGrainChoices(sharedControls.time_grain_sqla.choices, [], () => true)).toHaveLength(15);
  });
});

describe('SelectControl', () => {
  it('drops a saved value that is not a choice', async () => {
    const { onChange } = renderControl(SelectControl, { control: sortControl, value: 'median' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
  });

  it('keeps a free-form value and shows it', () => {
    const { onChange, container } = renderControl(SelectControl, {
      control: sharedControls.row_limit,
      value: 1234,
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(container.querySelector('.ant-select')?.textContent).toContain('1234');
  });

  it('shows choice labels in the UI language', () => {
    const { container } = renderControl(SelectControl, { control: sortControl, value: 'sum' });
    expect(container.querySelector('.ant-select')?.textContent).toContain('Total value');
  });

  it('adds a typed value of a free-form select', async () => {
    const { onChange } = renderControl(SelectControl, { control: sharedControls.row_limit, value: 100 });
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '777' } });
    const option = await screen.findByTitle('777');
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith(777);
  });

  it('splits pasted values of a multi select and keeps only choices', () => {
    const control: ControlConfig = { ...sortControl, name: 'multi', multi: true };
    const { onChange, container } = renderControl(SelectControl, { control, value: ['name'] });
    const target = container.querySelector('input') as HTMLInputElement;
    fireEvent.paste(target, { clipboardData: { getData: () => 'sum, max\nnope;avg' } });
    expect(onChange).toHaveBeenCalledWith(['name', 'sum', 'max', 'avg']);
  });
});

describe('control frame', () => {
  it('marks a control with the nonEmpty validator as required', () => {
    renderControl(TextControl, {
      control: {
        name: 'x',
        type: 'TextControl',
        labelKey: 'controls.metric',
        validators: [validators.nonEmpty],
      },
      value: '',
    });
    expect(screen.getByText('Metric').querySelector('.explore-control-required')?.textContent).toContain('*');
  });

  it('has no asterisk without nonEmpty', () => {
    const { container } = renderControl(TextControl, {
      control: {
        name: 'x',
        type: 'TextControl',
        labelKey: 'controls.rowLimit',
        validators: [validators.integer],
      },
      value: '',
    });
    expect(container.querySelector('.explore-control-required')).toBeNull();
  });

  it('shows validation messages under the control, with their values', () => {
    renderControl(TextControl, {
      control: sharedControls.row_limit,
      value: '500000',
      errors: [{ key: 'validation.maxValue', params: { max: 100000 } }, { key: 'validation.integer' }],
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Value cannot exceed 100000');
    expect(alert.textContent).toContain('is expected to be an integer');
  });

  it('labels a checkbox beside it and reports its state', () => {
    const { onChange } = renderControl(CheckboxControl, { control: sharedControls.show_legend, value: true });
    const box = screen.getByRole('checkbox', { name: 'Show legend' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(false);
  });
});

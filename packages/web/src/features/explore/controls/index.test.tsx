// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { CONTROL_TYPES, type ControlConfig } from '@vitrina/common';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROL_COMPONENTS } from './index.ts';
import {
  byLabel,
  clickButton,
  installBrowserStubs,
  renderControl,
  stubFetch,
  UI_TEST_TIMEOUT,
} from './testing.tsx';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CONTROL_COMPONENTS', { timeout: UI_TEST_TIMEOUT }, () => {
  it('has a component for every control type, each showing its label', () => {
    stubFetch([
      [/time_range/, () => ({ body: { result: [{ since: '', until: '', timeRange: '', shift: null }] } })],
    ]);
    expect(Object.keys(CONTROL_COMPONENTS).sort()).toEqual([...CONTROL_TYPES].sort());
    for (const type of CONTROL_TYPES) {
      const control: ControlConfig = {
        name: `c_${type}`,
        type,
        labelKey: 'controls.sortBy',
        choices: [{ value: 'a', label: 'A' }],
      };
      const { container, unmount } = renderControl(CONTROL_COMPONENTS[type], { control, value: undefined });
      expect(container.textContent, type).toContain('Sort by');
      unmount();
    }
  });

  it('adds a formula annotation layer', async () => {
    const { onChange } = renderControl(CONTROL_COMPONENTS.AnnotationLayerControl, {
      control: { name: 'annotation_layers', type: 'AnnotationLayerControl', labelKey: 'controls.sortBy' },
      value: [],
    });
    fireEvent.click(screen.getByText('Add annotation layer'));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Goal' } });
    clickButton('Apply');
    expect(onChange).not.toHaveBeenCalled();
    expect(await screen.findByText('Enter a formula of x that can be evaluated')).toBeTruthy();
    fireEvent.change(byLabel('Formula'), { target: { value: '2x + 5' } });
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        name: 'Goal',
        annotationType: 'FORMULA',
        sourceType: '',
        value: '2x + 5',
        show: true,
      }),
    ]);
  });

  it('adds a conditional formatting rule on a metric', async () => {
    const { onChange } = renderControl(CONTROL_COMPONENTS.ConditionalFormattingControl, {
      control: {
        name: 'conditional_formatting',
        type: 'ConditionalFormattingControl',
        labelKey: 'controls.sortBy',
      },
      value: [],
      formData: { datasource: '7__table', viz_type: 'table', metrics: ['count'] },
    });
    fireEvent.click(screen.getByText('Add new formatter'));
    fireEvent.mouseDown(await screen.findByLabelText('Column'));
    fireEvent.click(await screen.findByTitle('count'));
    fireEvent.change(byLabel('Target value'), { target: { value: '5' } });
    clickButton('Apply');
    expect(onChange).toHaveBeenCalledWith([
      { column: 'count', operator: '>', targetValue: 5, colorScheme: 'colorSuccess' },
    ]);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { sharedControls } from '@vitrina/common';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CurrencyControl, currencyValueOf } from '../select/CurrencyControl.tsx';
import { chooseOption, installBrowserStubs, renderControl, UI_TEST_TIMEOUT } from '../testing.tsx';
import { rgbaOf } from './ColorPickerControl.tsx';
import { ColorSchemeControl, schemesFor } from './ColorSchemeControl.tsx';

beforeAll(installBrowserStubs);
afterEach(cleanup);

describe('colour and currency controls', { timeout: UI_TEST_TIMEOUT }, () => {
  it('defaults a colour to rgb(0,122,135)', () => {
    expect(rgbaOf(undefined, undefined)).toEqual({ r: 0, g: 122, b: 135, a: 1 });
    expect(rgbaOf({ r: 1, g: 2, b: 3 }, undefined)).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(rgbaOf('red', { r: 9, g: 9, b: 9, a: 0.5 })).toEqual({ r: 9, g: 9, b: 9, a: 0.5 });
  });

  it('offers the categorical schemes by name, with swatches', async () => {
    const { onChange, container } = renderControl(ColorSchemeControl, {
      control: sharedControls.color_scheme,
      value: 'supersetColors',
    });
    expect(container.querySelector('.ant-select')?.textContent).toContain('Superset colours');
    expect(container.querySelectorAll('.ant-select span[style*="background"]').length).toBeGreaterThan(5);
    fireEvent.mouseDown(screen.getByLabelText('Colour scheme'));
    fireEvent.click(await screen.findByTitle('D3 category 10'));
    expect(onChange).toHaveBeenCalledWith('d3Category10');
  });

  it('offers only the schemes a control names', () => {
    expect(schemesFor([{ value: 'red_yellow_blue' }, { value: 'nope' }]).map((scheme) => scheme.id)).toEqual([
      'red_yellow_blue',
    ]);
  });

  it('stores a currency as symbol and position', async () => {
    expect(currencyValueOf(null)).toEqual({ symbolPosition: 'prefix' });
    const { onChange } = renderControl(CurrencyControl, {
      control: sharedControls.currency_format,
      value: { symbol: 'USD', symbolPosition: 'prefix' },
    });
    await chooseOption('Currency symbol position', 'Suffix');
    expect(onChange).toHaveBeenCalledWith({ symbol: 'USD', symbolPosition: 'suffix' });
  });
});

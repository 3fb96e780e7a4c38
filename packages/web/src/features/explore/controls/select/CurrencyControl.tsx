import { Flex, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import type { ControlProps } from '../types.ts';

/** The currencies offered; a saved one not among them is offered too. */
export const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'RUB',
  'CNY',
  'JPY',
  'INR',
  'KZT',
  'BYN',
  'CHF',
  'TRY',
];

export interface CurrencyValue {
  symbol?: string;
  symbolPosition: 'prefix' | 'suffix';
}

export function currencyValueOf(value: unknown): CurrencyValue {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    ...(typeof record.symbol === 'string' && record.symbol ? { symbol: record.symbol } : {}),
    symbolPosition: record.symbolPosition === 'suffix' ? 'suffix' : 'prefix',
  };
}

/** `USD ($) — US Dollar`, in the UI language where the browser knows the currency. */
export function currencyLabel(code: string, language: string): string {
  try {
    const symbol =
      new Intl.NumberFormat(language, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? code;
    const name = new Intl.DisplayNames([language], { type: 'currency' }).of(code) ?? code;
    return symbol === code ? `${code} — ${name}` : `${code} (${symbol}) — ${name}`;
  } catch {
    return code;
  }
}

/** A currency for a chart's numbers: `{symbol, symbolPosition}` as Superset stores it. */
export function CurrencyControl({ control, value, onChange, errors }: ControlProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const currency = currencyValueOf(value);
  const codes =
    currency.symbol && !COMMON_CURRENCIES.includes(currency.symbol)
      ? [...COMMON_CURRENCIES, currency.symbol]
      : COMMON_CURRENCIES;

  return (
    <ControlFrame control={control} errors={errors} htmlFor={id}>
      <Flex gap={8}>
        <Select
          aria-label={t('controls.currency.position')}
          style={{ width: 120 }}
          value={currency.symbolPosition}
          onChange={(symbolPosition: CurrencyValue['symbolPosition']) =>
            onChange({ ...currency, symbolPosition })
          }
          options={[
            { value: 'prefix', label: t('controls.currency.prefix') },
            { value: 'suffix', label: t('controls.currency.suffix') },
          ]}
        />
        <Select
          id={id}
          style={{ flex: 1, minWidth: 0 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('controls.currency.placeholder')}
          value={currency.symbol}
          onChange={(symbol: string | undefined) =>
            onChange(
              symbol
                ? { symbol, symbolPosition: currency.symbolPosition }
                : { symbolPosition: currency.symbolPosition },
            )
          }
          options={codes.map((code) => ({ value: code, label: currencyLabel(code, i18n.language) }))}
        />
      </Flex>
    </ControlFrame>
  );
}

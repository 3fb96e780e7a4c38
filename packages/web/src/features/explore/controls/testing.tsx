/**
 * Test helpers for the control components: a dataset, a control rendered in English with a fresh data
 * client, and a fetch stub answering by URL. Used by the *.test.tsx files beside the controls.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor } from '@testing-library/react';
import type { ControlConfig, ExploreDataset, FormData, ValidationMessage } from '@vitrina/common';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { testI18n } from '../../../testing/i18n.ts';
import type { ControlProps } from './types.ts';

export { installBrowserStubs } from '../../../testing/browserStubs.ts';

type Column = ExploreDataset['columns'][number];

function column(name: string, typeGeneric: number, extra: Partial<Column> = {}): Column {
  return {
    id: name.length,
    column_name: name,
    verbose_name: null,
    verbose_name_ru: null,
    type: ['DOUBLE', 'VARCHAR', 'TIMESTAMP', 'BOOLEAN'][typeGeneric] ?? null,
    type_generic: typeGeneric,
    is_dttm: typeGeneric === 2,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    is_certified: false,
    certified_by: null,
    warning_text: null,
    ...extra,
  };
}

export const DATASET: ExploreDataset = {
  id: 7,
  uid: '7__table',
  type: 'table',
  name: 'main.orders',
  datasource_name: 'orders',
  table_name: 'orders',
  schema: 'main',
  description: null,
  description_ru: null,
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  main_dttm_col: 'order_ts',
  granularity_sqla: [['order_ts', 'order_ts']],
  time_grain_sqla: [
    ['PT1H', 'Hour'],
    ['P1D', 'Day'],
    ['P1W', 'Week'],
    ['P1M', 'Month'],
    ['PT15M', '15 minute'],
  ],
  columns: [
    column('country', 1, { verbose_name: 'Country', verbose_name_ru: 'Страна' }),
    column('revenue', 0),
    column('order_ts', 2),
    column('is_paid', 3),
  ],
  metrics: [
    {
      id: 1,
      metric_name: 'count',
      verbose_name: 'COUNT(*)',
      verbose_name_ru: null,
      expression: 'COUNT(*)',
      d3format: null,
      currency: null,
      description: null,
      certified_by: null,
      certification_details: null,
      warning_text: null,
    },
  ],
  verbose_map: { country: 'Country' },
  order_by_choices: [],
  owners: [],
};

export const FORM_DATA: FormData = { datasource: '7__table', viz_type: 'table' };

interface RenderOptions {
  control: ControlConfig;
  value?: unknown;
  formData?: FormData;
  errors?: ValidationMessage[];
}

/** Renders a control the way the control panel does, in English; returns its onChange spy too. */
export function renderControl(Component: ComponentType<ControlProps>, options: RenderOptions) {
  const onChange = vi.fn<(value: unknown) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props = (value: unknown): ControlProps => ({
    control: options.control,
    value,
    onChange,
    formData: options.formData ?? FORM_DATA,
    datasource: DATASET,
    errors: options.errors ?? [],
  });
  const wrap = (value: unknown) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n('en')}>
        <Component {...props(value)} />
      </I18nextProvider>
    </QueryClientProvider>
  );
  const view = render(wrap(options.value));
  return { ...view, onChange, rerenderWith: (value: unknown) => view.rerender(wrap(value)) };
}

/** Stubs fetch: each request is answered by the first route whose pattern its URL matches. */
export function stubFetch(routes: Array<[RegExp, (url: string) => { status?: number; body: unknown }]>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = decodeURIComponent(String(input));
    const route = routes.find(([pattern]) => pattern.test(url));
    const answer = route ? route[1](url) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A DataTransfer for drag events in jsdom, which has none. */
export class FakeDataTransfer {
  private data = new Map<string, string>();
  dropEffect = 'none';
  effectAllowed = 'all';
  get types(): string[] {
    return [...this.data.keys()];
  }
  setData(type: string, value: string) {
    this.data.set(type.toLowerCase(), value);
  }
  getData(type: string): string {
    return this.data.get(type.toLowerCase()) ?? '';
  }
}

/** UI tests render antd in jsdom on a shared machine: give them room (no test asserts a duration). */
export const UI_TEST_TIMEOUT = 30_000;

/** The element with this aria-label (faster than role queries over a large antd tree). */
export function byLabel(label: string): HTMLElement {
  const element = document.querySelector(`[aria-label="${label.replace(/"/g, '\\"')}"]`);
  if (!element) throw new Error(`No element labelled ${label}`);
  return element as HTMLElement;
}

/** Opens the select with this aria-label and clicks the option with this title. */
export async function chooseOption(selectLabel: string, optionTitle: string) {
  fireEvent.mouseDown(byLabel(selectLabel));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (item) => item.getAttribute('title') === optionTitle,
    );
    if (!found) throw new Error(`No option ${optionTitle}`);
    return found;
  });
  fireEvent.click(option);
}

/** Clicks the button whose text is exactly this. */
export function clickButton(text: string) {
  const button = [...document.querySelectorAll('button')].find((item) => item.textContent?.trim() === text);
  if (!button) throw new Error(`No button ${text}`);
  fireEvent.click(button);
  return button;
}

import type { Dataset } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { readCertification, writeCertification } from './datasetExtra.ts';
import { datasetListQuery, INITIAL_DATASET_LIST } from './datasetListQuery.ts';
import { datasetUpdateRequest, draftFromDataset, draftProblems, newKey } from './editorModel.ts';

const dataset = {
  id: 7,
  table_name: 'orders',
  schema: 'public',
  sql: null,
  kind: 'physical',
  description: 'Orders',
  description_ru: null,
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  main_dttm_col: 'day',
  cache_timeout: null,
  template_params: null,
  extra: '{"certification":{"certified_by":"Data team","details":"Checked"},"other":1}',
  certified_by: 'Data team',
  certification_details: 'Checked',
  owners: [{ id: 1, first_name: 'A', last_name: 'B' }],
  columns: [
    {
      id: 1,
      column_name: 'day',
      type: 'DATE',
      is_dttm: true,
      groupby: true,
      filterable: true,
      expression: null,
      created_on: 'x',
    },
    {
      id: 2,
      column_name: 'revenue',
      type: 'DOUBLE',
      is_dttm: false,
      groupby: false,
      filterable: true,
      expression: null,
    },
  ],
  metrics: [
    { id: 3, metric_name: 'count', expression: 'COUNT(*)', verbose_name: null, verbose_name_ru: null },
  ],
} as unknown as Dataset;

describe('dataset editor model', () => {
  it('saves one PUT with ids for kept items and none for new ones', () => {
    const draft = draftFromDataset(dataset);
    draft.metrics.push({
      key: newKey(),
      metric_name: 'revenue',
      expression: 'SUM(revenue)',
      verbose_name_ru: 'Выручка',
    });
    const body = datasetUpdateRequest(draft);
    expect(body).toMatchObject({
      table_name: 'orders',
      sql: null,
      schema: 'public',
      main_dttm_col: 'day',
      owners: [1],
      certified_by: 'Data team',
      certification_details: 'Checked',
    });
    expect(body.metrics).toEqual([
      expect.objectContaining({ id: 3, metric_name: 'count', expression: 'COUNT(*)' }),
      expect.objectContaining({
        metric_name: 'revenue',
        expression: 'SUM(revenue)',
        verbose_name_ru: 'Выручка',
      }),
    ]);
    expect(body.metrics?.[1]).not.toHaveProperty('id');
    expect(body.metrics?.[1]).not.toHaveProperty('key');
    expect(body.columns?.[0]).not.toHaveProperty('created_on');
    expect(JSON.parse(body.extra ?? '{}')).toEqual({
      other: 1,
      certification: { certified_by: 'Data team', details: 'Checked' },
    });
  });

  it('drops a main datetime column that is no longer there', () => {
    const draft = draftFromDataset(dataset);
    draft.columns = draft.columns.filter((column) => column.column_name !== 'day');
    expect(datasetUpdateRequest(draft).main_dttm_col).toBeNull();
  });

  it('finds what stops a save', () => {
    const draft = draftFromDataset(dataset);
    expect(draftProblems(draft)).toEqual([]);
    draft.kind = 'virtual';
    draft.template_params = '[1]';
    draft.metrics.push({ key: newKey(), metric_name: 'count', expression: 'COUNT(1)' });
    expect(draftProblems(draft).map((problem) => problem.key)).toEqual([
      'datasets.editor.problems.sql',
      'datasets.editor.problems.templateParams',
      'datasets.editor.problems.duplicateMetric',
    ]);
  });

  it('reads and writes certification in extra', () => {
    expect(readCertification('{"warning_markdown":"Old"}', { certified_by: 'X' })).toEqual({
      certifiedBy: 'X',
      details: '',
      warning: 'Old',
    });
    expect(
      writeCertification('{"a":1,"warning_markdown":"w"}', { certifiedBy: '', details: '', warning: '' }),
    ).toBe('{"a":1}');
    expect(writeCertification(null, { certifiedBy: '', details: '', warning: '' })).toBeNull();
  });
});

describe('datasetListQuery', () => {
  it('turns the filters into Superset list filters', () => {
    expect(
      datasetListQuery({
        ...INITIAL_DATASET_LIST,
        searchText: ' ord ',
        owner: 1,
        database: 2,
        schema: 'public',
        kind: 'virtual',
        certified: true,
      }).filters,
    ).toEqual([
      { col: 'table_name', opr: 'ct', value: 'ord' },
      { col: 'owners', opr: 'rel_m_m', value: 1 },
      { col: 'database', opr: 'rel_o_m', value: 2 },
      { col: 'schema', opr: 'eq', value: 'public' },
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: false },
      { col: 'id', opr: 'dataset_is_certified', value: true },
    ]);
    expect(datasetListQuery(INITIAL_DATASET_LIST).filters).toBeUndefined();
  });
});

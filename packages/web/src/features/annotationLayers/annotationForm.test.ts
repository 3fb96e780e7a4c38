import { describe, expect, it } from 'vitest';
import { annotationFormValues, annotationRequest } from './annotationForm.ts';
import {
  annotationListQuery,
  INITIAL_ANNOTATION_LIST,
  INITIAL_LAYER_LIST,
  layerListQuery,
} from './listQueries.ts';

describe('the annotation form', () => {
  it('round-trips naive times without shifting them by the time zone', () => {
    const values = annotationFormValues({
      id: 1,
      short_descr: 'Launch',
      long_descr: null,
      start_dttm: '2024-04-01T09:30:00',
      end_dttm: '2024-04-02T00:00:00',
      json_metadata: null,
    });
    expect(values.start?.format('YYYY-MM-DD HH:mm')).toBe('2024-04-01 09:30');
    expect(annotationRequest({ ...values, short_descr: ' Launch ' })).toEqual({
      short_descr: 'Launch',
      long_descr: null,
      start_dttm: '2024-04-01T09:30:00',
      end_dttm: '2024-04-02T00:00:00',
      json_metadata: null,
    });
  });

  it('makes an event of an annotation without an end', () => {
    const start = annotationFormValues({
      id: 1,
      short_descr: 'x',
      long_descr: 'Why',
      start_dttm: '2024-04-01T00:00:00',
      end_dttm: '2024-04-01T00:00:00',
    });
    expect(annotationRequest({ ...start, end: null })).toMatchObject({
      long_descr: 'Why',
      end_dttm: '2024-04-01T00:00:00',
    });
  });
});

describe('the list queries', () => {
  it("search with Superset's all-text operators and keep the sort and page", () => {
    expect(layerListQuery({ ...INITIAL_LAYER_LIST, searchText: ' rel ' })).toEqual({
      order_column: 'name',
      order_direction: 'asc',
      page: 0,
      page_size: 25,
      filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'rel' }],
    });
    expect(annotationListQuery(INITIAL_ANNOTATION_LIST)).toEqual({
      order_column: 'start_dttm',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
  });
});

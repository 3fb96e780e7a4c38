import type { TaggedObject } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { EMPTY_TAG_FORM, tagFormValues, tagWriteRequest } from './tagForm.ts';

const object = (type: string, id: number, name: string): TaggedObject => ({
  id,
  type,
  name,
  name_ru: null,
  url: `/${type}/${id}`,
  changed_on: null,
  created_by: null,
  creator: null,
  tags: [],
  owners: [],
});

describe('the Tags screen form', () => {
  const carried = [
    object('dashboard', 3, 'Sales'),
    object('chart', 7, 'Revenue'),
    object('query', 2, 'Top clients'),
    object('dataset', 9, 'orders'),
  ];

  it('starts from what carries the tag, by kind, leaving datasets out of the pickers', () => {
    expect(tagFormValues({ name: 'q1', description: null }, carried)).toEqual({
      name: 'q1',
      description: '',
      dashboards: [{ value: 3, label: 'Sales' }],
      charts: [{ value: 7, label: 'Revenue' }],
      queries: [{ value: 2, label: 'Top clients' }],
    });
  });

  it('sends the picked objects and keeps the datasets carrying the tag', () => {
    const values = { ...tagFormValues({ name: 'q1', description: 'x' }, carried), charts: [] };
    expect(tagWriteRequest({ ...values, name: ' q2 ', description: '  ' }, carried)).toEqual({
      name: 'q2',
      description: null,
      objects_to_tag: [
        ['dashboard', 3],
        ['query', 2],
        ['dataset', 9],
      ],
    });
  });

  it('sends an empty list when editing leaves nothing, but none for a new tag with nothing picked', () => {
    expect(tagWriteRequest({ ...EMPTY_TAG_FORM, name: 'q1' }).objects_to_tag).toEqual([]);
    expect(tagWriteRequest({ ...EMPTY_TAG_FORM, name: 'q1' }, [], true)).toEqual({
      name: 'q1',
      description: null,
    });
    expect(
      tagWriteRequest({ ...EMPTY_TAG_FORM, name: 'q1', charts: [{ value: 4, label: 'A' }] }, [], true),
    ).toMatchObject({ objects_to_tag: [['chart', 4]] });
  });
});

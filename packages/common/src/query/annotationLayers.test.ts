import { describe, expect, it } from 'vitest';
import { nativeAnnotationLayers, runnableAnnotationLayers } from './annotationLayers.ts';

describe('nativeAnnotationLayers', () => {
  const native = { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 3, show: true };

  it('picks shown native layers with their layer id, given as a number or as digits', () => {
    expect(
      nativeAnnotationLayers([
        native,
        { ...native, name: 'Sprints', annotationType: 'INTERVAL', value: '7' },
        { ...native, name: 'Hidden', show: false },
      ]),
    ).toEqual([
      { name: 'Releases', layerId: 3 },
      { name: 'Sprints', layerId: 7 },
    ]);
  });

  it('skips layers of other sources, without a name or without a layer id', () => {
    expect(
      nativeAnnotationLayers([
        { ...native, sourceType: 'table' },
        { ...native, annotationType: 'FORMULA' },
        { ...native, name: '' },
        { ...native, value: null },
        { ...native, value: 0 },
        { ...native, value: 'x1' },
        'not a layer',
      ]),
    ).toEqual([]);
  });

  it('leaves native layers out of the layers run as saved charts (and so out of the cache key)', () => {
    expect(runnableAnnotationLayers([native])).toEqual([]);
  });
});

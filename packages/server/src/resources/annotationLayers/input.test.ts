import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../http/errors.ts';
import { parseAnnotationInput, parseAnnotationTime, parseLayerInput } from './input.ts';

describe('parseAnnotationTime', () => {
  it('reads ISO dates and date-times as UTC, with T or a space, seconds and fractions optional', () => {
    expect(parseAnnotationTime('2024-04-01')).toBe('2024-04-01T00:00:00.000Z');
    expect(parseAnnotationTime('2024-04-01 13:45')).toBe('2024-04-01T13:45:00.000Z');
    expect(parseAnnotationTime('2024-04-01T13:45:10.5')).toBe('2024-04-01T13:45:10.500Z');
    expect(parseAnnotationTime('2024-04-01T13:45:10Z')).toBe('2024-04-01T13:45:10.000Z');
  });

  it('moves a time with a zone offset to UTC', () => {
    expect(parseAnnotationTime('2024-04-01T03:00:00+03:00')).toBe('2024-04-01T00:00:00.000Z');
    expect(parseAnnotationTime('2024-03-31T21:30:00-0230')).toBe('2024-04-01T00:00:00.000Z');
  });

  it('refuses what is not a real day or time', () => {
    for (const text of ['2024-02-30', '2024-13-01', '2024-04-01T24:00', 'tomorrow', '01.04.2024', '']) {
      expect(parseAnnotationTime(text), text).toBeNull();
    }
  });
});

const problems = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof BadRequestError) return (error.body as { message: unknown }).message;
    throw error;
  }
  return undefined;
};

describe('parseLayerInput', () => {
  it('requires a name of 1–250 characters when creating, not when editing', () => {
    expect(problems(() => parseLayerInput({}, true))).toEqual({ name: ['Missing data for required field.'] });
    expect(parseLayerInput({ descr: null }, false)).toEqual({ descr: null });
    expect(problems(() => parseLayerInput({ name: 'x'.repeat(251) }, false))).toEqual({
      name: ['Length must be between 1 and 250.'],
    });
    expect(problems(() => parseLayerInput({ name: null }, false))).toEqual({
      name: ['Field may not be null.'],
    });
    expect(problems(() => parseLayerInput([], true))).toEqual({ _schema: ['Invalid input type.'] });
  });
});

describe('parseAnnotationInput', () => {
  it('turns the times into UTC ISO text and keeps the other fields', () => {
    expect(
      parseAnnotationInput(
        { short_descr: 'Launch', start_dttm: '2024-04-01', end_dttm: '2024-04-01 10:00', json_metadata: '' },
        true,
      ),
    ).toEqual({
      short_descr: 'Launch',
      start_dttm: '2024-04-01T00:00:00.000Z',
      end_dttm: '2024-04-01T10:00:00.000Z',
      json_metadata: '',
    });
  });

  it('names every field that is wrong', () => {
    expect(
      problems(() =>
        parseAnnotationInput({ short_descr: '', start_dttm: null, end_dttm: 5, json_metadata: '[1,' }, false),
      ),
    ).toEqual({
      short_descr: ['Length must be between 1 and 500.'],
      start_dttm: ['Field may not be null.'],
      end_dttm: ['Not a valid datetime.'],
      json_metadata: ['JSON not valid'],
    });
  });
});

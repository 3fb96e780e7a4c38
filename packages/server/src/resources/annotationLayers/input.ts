import { isRecord } from '@vitrina/common/isRecord';
import { BadRequestError } from '../../http/errors.ts';

/**
 * The write bodies of layers and annotations, checked as Superset's marshmallow schemas check them: a
 * problem is a 400 naming each field with Superset's messages. Times are read as ISO-8601 (a date, or a
 * date and time with 'T' or a space); one without a zone is UTC, as Superset stores naive datetimes.
 */

type Problems = Record<string, string[]>;

export interface LayerInput {
  name?: string;
  descr?: string | null;
}

export interface AnnotationInput {
  short_descr?: string;
  long_descr?: string | null;
  /** ISO-8601 UTC text, as the metastore keeps times. */
  start_dttm?: string;
  end_dttm?: string;
  json_metadata?: string | null;
}

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An ISO-8601 date or date-time as UTC ISO text; null when it is not one or names no real day. */
export function parseAnnotationTime(value: string): string | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = match;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-30 over to March: such a day does not exist.
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23) {
    return null;
  }
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const digits = zone.replace(':', '');
    offsetMinutes =
      (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3)));
  }
  return new Date(utc - offsetMinutes * 60_000).toISOString();
}

function fieldsOf(body: unknown, known: ReadonlySet<string>, problems: Problems): Record<string, unknown> {
  if (!isRecord(body)) throw new BadRequestError({ _schema: ['Invalid input type.'] });
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (known.has(name)) fields[name] = value;
    else problems[name] = ['Unknown field.'];
  }
  return fields;
}

/** A string field of 1..max characters (or null where allowed); undefined when absent. */
function text(
  fields: Record<string, unknown>,
  name: string,
  problems: Problems,
  options: { required: boolean; nullable: boolean; max?: number },
): void {
  const value = fields[name];
  if (value === undefined) {
    if (options.required) problems[name] = ['Missing data for required field.'];
    return;
  }
  if (value === null) {
    if (!options.nullable) problems[name] = ['Field may not be null.'];
    return;
  }
  if (typeof value !== 'string') {
    problems[name] = ['Not a valid string.'];
    return;
  }
  if (options.max !== undefined && (value.length < 1 || value.length > options.max)) {
    problems[name] = [`Length must be between 1 and ${options.max}.`];
  }
}

const LAYER_FIELDS = new Set(['name', 'descr']);

/** A layer's POST (creating) or PUT body. */
export function parseLayerInput(body: unknown, creating: boolean): LayerInput {
  const problems: Problems = {};
  const fields = fieldsOf(body, LAYER_FIELDS, problems);
  text(fields, 'name', problems, { required: creating, nullable: false, max: 250 });
  text(fields, 'descr', problems, { required: false, nullable: true });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return fields as LayerInput;
}

const ANNOTATION_FIELDS = new Set(['short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata']);

/** An annotation's POST (creating) or PUT body, its times as UTC ISO text. */
export function parseAnnotationInput(body: unknown, creating: boolean): AnnotationInput {
  const problems: Problems = {};
  const fields = fieldsOf(body, ANNOTATION_FIELDS, problems);
  text(fields, 'short_descr', problems, { required: creating, nullable: false, max: 500 });
  text(fields, 'long_descr', problems, { required: false, nullable: true });
  for (const name of ['start_dttm', 'end_dttm']) {
    const value = fields[name];
    if (value === undefined) {
      if (creating) problems[name] = ['Missing data for required field.'];
    } else if (value === null) {
      problems[name] = ['Field may not be null.'];
    } else {
      const parsed = typeof value === 'string' ? parseAnnotationTime(value) : null;
      if (parsed === null) problems[name] = ['Not a valid datetime.'];
      else fields[name] = parsed;
    }
  }
  text(fields, 'json_metadata', problems, { required: false, nullable: true });
  if (typeof fields.json_metadata === 'string' && fields.json_metadata !== '' && !problems.json_metadata) {
    try {
      JSON.parse(fields.json_metadata);
    } catch {
      problems.json_metadata = ['JSON not valid'];
    }
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return fields as AnnotationInput;
}

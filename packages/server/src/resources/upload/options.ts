import type { UploadFileType, UploadIfExists } from '@vitrina/common';
import { controlCharacterProblems } from '../../http/controlCharacters.ts';
import { BadRequestError } from '../../http/errors.ts';

/** The form fields of an upload (Superset 4.1's UploadPostSchema), checked and typed. */
export interface UploadOptions {
  type: UploadFileType;
  tableName: string;
  schema: string | null;
  alreadyExists: UploadIfExists;
  delimiter: string;
  /** 0-based row holding the column names (after skipped rows); null when the file has none. */
  headerRow: number | null;
  skipRows: number;
  rowsToRead: number | null;
  columnsRead: string[];
  columnDates: string[];
  nullValues: string[];
  decimalCharacter: string | null;
  dataframeIndex: boolean;
  indexLabel: string | null;
  sheetName: string | null;
}

const TYPES: readonly UploadFileType[] = ['csv', 'excel', 'columnar'];
const IF_EXISTS: readonly UploadIfExists[] = ['fail', 'replace', 'append'];

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Parses the text fields; a bad value is a 400 naming the field, as marshmallow answers. */
export function parseUploadOptions(fields: Record<string, string>): UploadOptions {
  // Multipart fields are read here, not by the JSON hook: the same control-character rule, by hand.
  const errors: Record<string, string[]> = controlCharacterProblems(fields);
  const integer = (name: string, min: number): number | null => {
    const raw = fields[name]?.trim();
    if (raw === undefined || raw === '') return null;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      errors[name] = ['Not a valid integer.'];
      return null;
    }
    return value;
  };
  const bool = (name: string): boolean => {
    const raw = fields[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return false;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    errors[name] = ['Not a valid boolean.'];
    return false;
  };

  const type = fields.type?.trim() as UploadFileType | undefined;
  if (!type) errors.type = ['Missing data for required field.'];
  else if (!TYPES.includes(type)) errors.type = [`Must be one of: ${TYPES.join(', ')}.`];
  const tableName = fields.table_name?.trim() ?? '';
  if (!tableName) errors.table_name = ['Missing data for required field.'];
  else if (tableName.length > 250) errors.table_name = ['Longer than maximum length 250.'];
  const alreadyExists = (fields.already_exists?.trim() || 'fail') as UploadIfExists;
  if (!IF_EXISTS.includes(alreadyExists)) errors.already_exists = ['Must be one of: fail, replace, append.'];
  const delimiter = fields.delimiter ?? ',';
  if (delimiter.length !== 1 && !(delimiter === '\\t')) {
    errors.delimiter = ['The delimiter must be a single character.'];
  }
  // Superset reads the header from row 0 unless told otherwise; an empty value or -1 means "no header".
  const headerRaw = fields.header_row?.trim();
  const headerRow =
    headerRaw === '-1' || headerRaw?.toLowerCase() === 'none' ? null : (integer('header_row', 0) ?? 0);
  const decimal = fields.decimal_character?.trim() || null;
  if (decimal !== null && decimal !== '.' && decimal !== ',') {
    errors.decimal_character = ['The decimal character must be "." or ",".'];
  }
  const options: UploadOptions = {
    type: type ?? 'csv',
    tableName,
    schema: fields.schema?.trim() || null,
    alreadyExists,
    delimiter: delimiter === '\\t' ? '\t' : delimiter,
    headerRow,
    skipRows: integer('skip_rows', 0) ?? 0,
    rowsToRead: integer('rows_to_read', 1),
    columnsRead: list(fields.columns_read),
    columnDates: list(fields.column_dates),
    nullValues: list(fields.null_values),
    decimalCharacter: decimal,
    dataframeIndex: bool('dataframe_index'),
    indexLabel: fields.index_label?.trim() || null,
    sheetName: fields.sheet_name?.trim() || null,
  };
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return options;
}

/** The upload dialog's defaults: the file's kind from its extension, the table name from its name. */
import type { IfTableExists, UploadFileType, UploadRequest } from '../../api/upload.ts';

const EXTENSIONS: Record<string, UploadFileType> = {
  csv: 'csv',
  tsv: 'csv',
  txt: 'csv',
  xls: 'excel',
  xlsx: 'excel',
  parquet: 'columnar',
  pq: 'columnar',
};

/** The `accept` attribute of the file picker. */
export const UPLOAD_ACCEPT = Object.keys(EXTENSIONS)
  .map((extension) => `.${extension}`)
  .join(',');

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export function fileTypeOf(fileName: string): UploadFileType | undefined {
  return EXTENSIONS[extensionOf(fileName)];
}

/** `Sales report 2024.csv` → `sales_report_2024`: letters, digits and underscores, never empty. */
export function tableNameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const name = base
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  if (!name) return 'uploaded_table';
  return /^\p{N}/u.test(name) ? `t_${name}` : name;
}

export interface UploadFormValues {
  database?: number;
  schema?: string;
  table_name: string;
  already_exists: IfTableExists;
  delimiter: string;
  /** 1-based in the form, as people count rows; 0 means no header. */
  header_row: number;
  column_dates: string[];
  /** Only a place for the file picker's errors; the file itself is kept apart. */
  file?: never;
}

export const DEFAULT_UPLOAD_VALUES: UploadFormValues = {
  table_name: '',
  already_exists: 'fail',
  delimiter: ',',
  header_row: 1,
  column_dates: [],
};

/** What picking a file changes in the form: the table name (unless typed) and a TSV's delimiter. */
export function valuesForFile(
  fileName: string,
  current: Pick<UploadFormValues, 'table_name' | 'delimiter'>,
  previousFileName?: string,
): Partial<UploadFormValues> {
  const typedName =
    current.table_name.trim() !== '' &&
    (previousFileName === undefined || current.table_name !== tableNameFromFile(previousFileName));
  return {
    ...(typedName ? {} : { table_name: tableNameFromFile(fileName) }),
    ...(extensionOf(fileName) === 'tsv' ? { delimiter: '\t' } : {}),
  };
}

/** The form as the upload request (`header_row` is 0-based on the wire). */
export function uploadRequest(values: UploadFormValues, file: File): UploadRequest {
  const type = fileTypeOf(file.name) ?? 'csv';
  return {
    databaseId: values.database ?? 0,
    file,
    type,
    tableName: values.table_name.trim(),
    schema: values.schema || undefined,
    alreadyExists: values.already_exists,
    delimiter: type === 'csv' ? values.delimiter : undefined,
    headerRow: values.header_row > 0 ? values.header_row - 1 : null,
    columnDates: values.column_dates.map((column) => column.trim()).filter(Boolean),
  };
}

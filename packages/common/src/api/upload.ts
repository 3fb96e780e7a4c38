/**
 * The contract of file upload: `POST /api/v1/database/{id}/upload/` (Superset 4.1+), a multipart form
 * (the file and its options as fields) answered with the dataset over the loaded table.
 */
import { type Static, Type } from 'typebox';
import { DatasetColumns } from './dataset.ts';

/** `POST /api/v1/database/{id}/upload/` → 201: the dataset created or refreshed over the table. */
export const DatabaseUploadResponse = Type.Object({
  message: Type.String(),
  id: Type.Integer(),
  result: DatasetColumns,
});
export type DatabaseUploadResponse = Static<typeof DatabaseUploadResponse>;

export const UploadFileType = Type.Union([
  Type.Literal('csv'),
  Type.Literal('excel'),
  Type.Literal('columnar'),
]);
export type UploadFileType = Static<typeof UploadFileType>;

export const UploadIfExists = Type.Union([
  Type.Literal('fail'),
  Type.Literal('replace'),
  Type.Literal('append'),
]);
export type UploadIfExists = Static<typeof UploadIfExists>;

/**
 * The form fields of `POST /api/v1/database/{id}/upload/` beside the file (Superset 4.1's UploadPostSchema;
 * lists are comma-separated). Multipart fields arrive as text: the server parses and checks them itself
 * (upload/options.ts), so this schema documents them.
 */
export const UploadFormFields = Type.Object({
  type: UploadFileType,
  table_name: Type.String({ maxLength: 250 }),
  schema: Type.Optional(Type.String()),
  already_exists: Type.Optional(UploadIfExists),
  delimiter: Type.Optional(Type.String()),
  header_row: Type.Optional(Type.Integer()),
  skip_rows: Type.Optional(Type.Integer()),
  rows_to_read: Type.Optional(Type.Integer()),
  columns_read: Type.Optional(Type.String()),
  column_dates: Type.Optional(Type.String()),
  null_values: Type.Optional(Type.String()),
  decimal_character: Type.Optional(Type.String()),
  dataframe_index: Type.Optional(Type.Boolean()),
  index_label: Type.Optional(Type.String()),
  sheet_name: Type.Optional(Type.String()),
});
export type UploadFormFields = Static<typeof UploadFormFields>;

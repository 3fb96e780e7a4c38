export {
  asciiFallback,
  contentDisposition,
  csvContentType,
  encodeRfc5987,
  XLSX_CONTENT_TYPE,
} from './contentDisposition.ts';
export {
  type CsvEncoding,
  type CsvOptions,
  type EngineCsvRules,
  engineCsvOptions,
  escapeFormula,
  type PreparedEngineCsv,
  plainNumber,
  prepareEngineCsv,
  writeCsv,
  writeEngineCsv,
} from './csv.ts';
export { ExportError, type ExportErrorCode, NO_DATA_MESSAGE } from './errors.ts';
export { type ExportSource, headerOnlyExport, type PreparedExport, prepareExport } from './source.ts';
export {
  type EngineXlsxRules,
  engineXlsxRules,
  type PreparedEngineXlsx,
  prepareEngineXlsx,
  safeSheetName,
  writeEngineXlsx,
  writeXlsx,
  XLSX_MAX_DATA_ROWS,
  type XlsxOptions,
} from './xlsx/index.ts';

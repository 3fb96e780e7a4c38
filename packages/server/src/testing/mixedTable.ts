/**
 * A DuckDB table of every value form an engine-written answer must spell as the driver does (text with
 * quotes, backslashes and line breaks, NaN and -0, decimals, timestamps with microseconds and before
 * 1970, dates, booleans, NULLs): the chart data and SQL Lab tests of DuckDB's JSON records share it.
 */
export const MIXED_TABLE_SQL = `CREATE TABLE mixed AS SELECT * FROM (VALUES
  (1, 'Москва', 0.1::DOUBLE, 12.50::DECIMAL(14,2), TIMESTAMP '2024-01-01 10:00:00.123456', DATE '2024-01-01', true),
  (2, 'quote " and \\ back', 'nan'::DOUBLE, -0.05::DECIMAL(14,2), TIMESTAMP '1969-12-31 23:59:59.9995', DATE '1969-12-31', false),
  (3, NULL, -0.0::DOUBLE, NULL, NULL, NULL, NULL),
  (4, 'line' || chr(10) || 'break', 1e21::DOUBLE, 1000.00::DECIMAL(14,2), TIMESTAMP '2024-06-30 23:59:59', DATE '2024-06-30', true)
) AS t(id, city, ratio, amount, happened, day, paid)`;

import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesTable } from './salesTable.ts';

/** The generator on a small in-memory table: shapes and invariants, fast. */
describe('createSalesTable', () => {
  const ROWS = 20_000;
  let instance: DuckDBInstance;
  let con: DuckDBConnection;

  async function rows(sql: string): Promise<Record<string, unknown>[]> {
    return (await con.runAndReadAll(sql)).getRowObjectsJson();
  }

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    con = await instance.connect();
    await createSalesTable(con, { rowCount: ROWS });
    await createSalesTable(con, { table: 'sales_again', rowCount: ROWS });
  });

  afterAll(() => {
    con.closeSync();
    instance.closeSync();
  });

  it('has the columns and types of the spec', async () => {
    const columns = await rows(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'sales' ORDER BY ordinal_position",
    );
    expect(columns.map((c) => `${c.column_name} ${c.data_type}`)).toEqual([
      'order_id BIGINT',
      'order_ts TIMESTAMP',
      'region VARCHAR',
      'country VARCHAR',
      'city VARCHAR',
      'product_category VARCHAR',
      'product VARCHAR',
      'channel VARCHAR',
      'customer_segment VARCHAR',
      'quantity INTEGER',
      'unit_price DECIMAL(10,2)',
      'discount DECIMAL(4,2)',
      'revenue DECIMAL(14,2)',
      'cost DECIMAL(14,2)',
      'profit DECIMAL(14,2)',
    ]);
  });

  it('numbers orders 1..n in time order and stores them in that order', async () => {
    const [stats] = await rows(`SELECT count(*) AS n, min(order_id) AS lo, max(order_id) AS hi,
      count(DISTINCT order_id) AS distinct_ids FROM sales`);
    expect(stats).toEqual({ n: String(ROWS), lo: '1', hi: String(ROWS), distinct_ids: String(ROWS) });
    const [order] = await rows(`SELECT count(*) FILTER (WHERE order_ts < prev_ts) AS back_in_time,
      count(*) FILTER (WHERE order_id <> prev_id + 1) AS out_of_place
      FROM (SELECT order_id, order_ts, lag(order_ts) OVER () AS prev_ts, lag(order_id) OVER () AS prev_id FROM sales)`);
    expect(order).toEqual({ back_in_time: '0', out_of_place: '0' });
  });

  it('covers three years, with Cyrillic city names in Russia', async () => {
    const [range] = await rows(
      'SELECT min(order_ts)::DATE::VARCHAR AS first, max(order_ts)::DATE::VARCHAR AS last FROM sales',
    );
    expect(range?.first).toMatch(/^2023-01-0/);
    expect(range?.last).toMatch(/^2025-12-/);
    const russian = await rows("SELECT DISTINCT city FROM sales WHERE country = 'Russia' ORDER BY city");
    expect(russian.map((r) => r.city)).toEqual(expect.arrayContaining(['Москва', 'Санкт-Петербург']));
  });

  it('keeps each city in one country and each country in one region', async () => {
    const [bad] = await rows(`SELECT
      (SELECT count(*) FROM (SELECT city FROM sales GROUP BY city HAVING count(DISTINCT country) > 1)) AS cities,
      (SELECT count(*) FROM (SELECT country FROM sales GROUP BY country HAVING count(DISTINCT region) > 1)) AS countries`);
    expect(bad).toEqual({ cities: '0', countries: '0' });
  });

  it('computes revenue, cost and profit consistently', async () => {
    const [check] = await rows(`SELECT
      count(*) FILTER (WHERE revenue <> round(quantity * unit_price * (1 - discount), 2)) AS bad_revenue,
      count(*) FILTER (WHERE profit <> revenue - cost) AS bad_profit,
      count(*) FILTER (WHERE quantity < 1 OR unit_price <= 0 OR cost <= 0) AS bad_values,
      count(*) FILTER (WHERE discount < 0 OR discount > 0.3) AS bad_discount,
      count(*) FILTER (WHERE discount > 0) > 0 AS some_discounts,
      count(*) FILTER (WHERE profit < 0) > 0 AS some_losses
      FROM sales`);
    expect(check).toEqual({
      bad_revenue: '0',
      bad_profit: '0',
      bad_values: '0',
      bad_discount: '0',
      some_discounts: true,
      some_losses: true,
    });
  });

  it('has seasons: more orders in December than in February, toys peak in December', async () => {
    const [season] = await rows(`SELECT
      count(*) FILTER (WHERE month(order_ts) = 12) > 1.4 * count(*) FILTER (WHERE month(order_ts) = 2) AS december,
      count(*) FILTER (WHERE product_category = 'Toys & Games' AND month(order_ts) = 12)
        > 2 * count(*) FILTER (WHERE product_category = 'Toys & Games' AND month(order_ts) = 6) AS toys
      FROM sales`);
    expect(season).toEqual({ december: true, toys: true });
  });

  it('gives the same table every time', async () => {
    const [diff] = await rows(`SELECT
      (SELECT count(*) FROM (SELECT * FROM sales EXCEPT ALL SELECT * FROM sales_again)) AS missing,
      (SELECT count(*) FROM (SELECT * FROM sales_again EXCEPT ALL SELECT * FROM sales)) AS extra`);
    expect(diff).toEqual({ missing: '0', extra: '0' });
  });

  it('leaves no helper tables, macros or variables behind', async () => {
    const [left] = await rows(`SELECT
      (SELECT count(*) FROM duckdb_tables() WHERE table_name LIKE 'vx%') AS tables,
      (SELECT count(*) FROM duckdb_functions() WHERE function_name LIKE 'vx%') AS macros,
      (SELECT count(*) FROM duckdb_variables() WHERE name LIKE 'vx%') AS variables`);
    expect(left).toEqual({ tables: '0', macros: '0', variables: '0' });
  });
});

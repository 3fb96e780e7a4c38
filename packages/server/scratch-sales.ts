import { DuckDBInstance } from '@duckdb/node-api';
import { createSalesTable } from './src/examples/salesTable.ts';
const inst = await DuckDBInstance.create(':memory:');
const con = await inst.connect();
let t = performance.now();
await createSalesTable(con);
console.log('sales ms', performance.now() - t);
t = performance.now();
await con.run('CREATE TABLE base AS SELECT range AS i FROM range(1000000)');
console.log('base ms', performance.now() - t);
for (const q of [
  'select count(*), sum(revenue), sum(profit), min(order_ts), max(order_ts), avg(quantity), avg(discount) from sales',
  'select * from sales limit 5',
  'select region, count(*), sum(revenue)::BIGINT rev, (sum(profit)/sum(revenue))::DECIMAL(5,3) margin from sales group by all order by 2 desc',
  'select product_category, count(*), sum(revenue)::BIGINT rev from sales group by all order by 3 desc',
  'select year(order_ts) y, month(order_ts) m, count(*) n, sum(revenue)::BIGINT from sales group by all order by 1,2',
  'select channel, year(order_ts), count(*) from sales group by all order by 1,2',
  'select hour(order_ts) h, count(*) from sales group by all order by 1',
  "select order_ts::DATE d, count(*) from sales where month(order_ts)=11 and year(order_ts)=2024 group by all order by 1",
  "select city, count(*) from sales where country='Russia' group by all order by 2 desc",
  'select quantity, count(*) from sales group by all order by 1 limit 12',
  "select table_name from duckdb_tables()",
]) { const r = await con.runAndReadAll(q); console.log(q); console.table(r.getRowObjectsJson()); }

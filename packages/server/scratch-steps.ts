import { DuckDBInstance } from '@duckdb/node-api';
import { salesTableStatements } from './src/examples/salesTable.ts';
const inst = await DuckDBInstance.create(':memory:');
const con = await inst.connect();
const stmts = salesTableStatements('sales', Number(process.argv[2] ?? 1000));
for (const s of stmts.slice(0, -1)) {
  const t = performance.now();
  await con.run(s);
  console.log((performance.now() - t).toFixed(0), 'ms', s.slice(0, 70).replace(/\s+/g, ' '));
}
let t = performance.now();
await con.run('CREATE TABLE h AS SELECT sum(vx_u(range, 3)) FROM range(1000000)');
console.log('hash 1M', performance.now() - t);
const r = await con.runAndReadAll('select k, total from vx_day_tot union all select k, total from vx_city_tot');
console.log(r.getRowsJson());
t = performance.now();
await con.run(stmts.at(-1)!);
console.log('fact', performance.now() - t);

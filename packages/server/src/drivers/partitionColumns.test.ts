import { describe, expect, it } from 'vitest';
import { partitionColumn as clickhousePartitionColumn } from './clickhouse.ts';
import { partitionColumn as mysqlPartitionColumn } from './mysql.ts';

describe("reading a MySQL / MariaDB table's partition column from information_schema.PARTITIONS", () => {
  const columns = ['ds', 'Region', 'd s', 'n'];

  it.each([
    ['RANGE COLUMNS on a quoted column (MariaDB)', [['RANGE COLUMNS', '`ds`']], ['ds']],
    ['LIST on a bare column (MySQL)', [['LIST', 'ds']], ['ds']],
    ['a name in another case, kept as the table spells it', [['LIST COLUMNS', '`region`']], ['Region']],
    ['a quoted name with a space', [['LIST', '`d s`']], ['d s']],
    ['an expression', [['RANGE', 'year(`ds`)']], []],
    ['several columns', [['RANGE COLUMNS', '`ds`,`n`']], []],
    ['hash partitions', [['HASH', '`n`']], []],
    ['key partitions', [['KEY', '`n`']], []],
    ['no partitions', [], []],
    ['a column the table does not have', [['LIST', '`other`']], []],
  ])('%s', (_name, rows, expected) => {
    expect(mysqlPartitionColumn(rows, columns)).toEqual(expected);
  });
});

describe("reading a ClickHouse table's partition column from system.tables.partition_key", () => {
  const columns = ['ds', 'event date', 'n'];

  it.each([
    ['one column', 'ds', ['ds']],
    ['one quoted column', '`event date`', ['event date']],
    ['an expression of the column', 'toYYYYMM(ds)', []],
    ['a tuple', '(ds, n)', []],
    ['no PARTITION BY', '', []],
  ])('%s', (_name, key, expected) => {
    expect(clickhousePartitionColumn(key, columns)).toEqual(expected);
  });
});

import { sqlparserRsParser } from './sqlparserRsEngine.ts';

/**
 * ClickHouse: no server runs here and ClickHouse publishes no parser for JavaScript, so its text is
 * read by datafusion-sqlparser-rs's ClickHouse dialect, which follows ClickHouse's lexer: backslash
 * escapes inside '…', `"`/backtick identifiers, `--`, `#` and `/* *\/` comments. Text it cannot read
 * is refused, which includes some ClickHouse-only syntax (heredoc `$$…$$` strings, some SYSTEM and
 * settings statements). ClickHouse itself runs one statement per request, a second wall.
 */
export const CLICKHOUSE_DENIED_FUNCTIONS = [
  // Files on the server, other servers and external systems: table functions and engines' readers.
  'file',
  'url',
  'urlcluster',
  'remote',
  'remotesecure',
  's3',
  's3cluster',
  'gcs',
  'azureblobstorage',
  'azureblobstoragecluster',
  'hdfs',
  'hdfscluster',
  'hive',
  'iceberg',
  'icebergs3',
  'deltalake',
  'hudi',
  'mysql',
  'postgresql',
  'mongodb',
  'redis',
  'sqlite',
  'jdbc',
  'odbc',
  'cluster',
  'clusterallreplicas',
  'fuzzjson',
  'filesystem',
  // Running programs and reading the request body.
  'executable',
  'executablepool',
  'input',
  // Reading what other users may not: dictionaries by name, the server's settings and logs.
  'dictionary',
  'dictget',
  'dictgetordefault',
  'dictgetornull',
  'dicthas',
  'merge',
  'view',
  'getsetting',
  'getserverport',
  'getmacro',
  'filesystemavailable',
  'filesystemcapacity',
  'filesystemunreserved',
] as const;

export const clickhouseParser = sqlparserRsParser({
  engine: 'clickhouse',
  dialect: 'clickhouse',
  deniedFunctions: CLICKHOUSE_DENIED_FUNCTIONS,
});

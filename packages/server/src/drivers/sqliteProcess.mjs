// One SQLite connection in its own process (started by sqlite.ts with child_process.fork and the
// 'advanced' serialization, so bigints and Buffers cross intact). better-sqlite3 is synchronous and
// exposes no sqlite3_interrupt, so a query is stopped by killing this process; the server's event
// loop never blocks on SQLite. Plain JavaScript so it starts without a TypeScript loader.
import Database from 'better-sqlite3';

const [file, mode] = process.argv.slice(2);
const memory = file === ':memory:';
let db;
try {
  // Read-only mode: a file opens read-only (SQLITE_OPEN_READONLY, which SQL cannot undo); SQLite
  // refuses that for :memory:, whose only wall is query_only (a PRAGMA, which the parsers refuse).
  // A :memory: database shared by a read-only pool and its writer opens writable: each request says
  // whether it is read-only, and query_only follows it.
  db = new Database(file, { fileMustExist: mode !== 'create', readonly: mode === 'readonly' && !memory });
  keepReadOnly(false);
  db.defaultSafeIntegers(true);
  process.send({ ready: true });
} catch (error) {
  process.send({ ready: false, error: describe(error) });
  process.exit(0);
}

let iterator = null;
let iteratorColumns = [];

function describe(error) {
  return { message: error instanceof Error ? error.message : String(error), code: error?.code ?? null };
}

function columnsOf(statement) {
  return statement.columns().map((column) => ({ name: column.name, type: column.type }));
}

/**
 * query_only for a :memory: database: on in read-only mode or for a read-only request, off for its
 * writer's; set before every request and again after every statement that is not a read, so no
 * statement lifts it for long.
 */
function keepReadOnly(readOnlyRequest) {
  if (!memory) return;
  db.pragma(`query_only = ${mode === 'readonly' || readOnlyRequest ? 'ON' : 'OFF'}`);
}

function prepare(sql) {
  const statement = db.prepare(sql);
  if (statement.reader) statement.raw(true);
  return statement;
}

function pull(batchSize) {
  const rows = [];
  while (iterator && rows.length < batchSize) {
    const step = iterator.next();
    if (step.done) {
      iterator = null;
      break;
    }
    rows.push(step.value);
  }
  return { rows, done: iterator === null };
}

function handle(message) {
  if (message.op === 'all' || message.op === 'open') keepReadOnly(message.readOnly === true);
  switch (message.op) {
    case 'all': {
      let statement;
      try {
        statement = prepare(message.sql);
      } catch (error) {
        // In a SQL Lab session only, several statements in one text run as a script when nothing is bound.
        if (
          message.script === true &&
          /more than one statement/.test(String(error?.message)) &&
          message.params.length === 0
        ) {
          db.exec(message.sql);
          keepReadOnly(message.readOnly === true);
          return { columns: [], rows: [] };
        }
        throw error;
      }
      if (!statement.reader) {
        statement.run(...message.params);
        keepReadOnly(message.readOnly === true);
        return { columns: [], rows: [] };
      }
      return { columns: columnsOf(statement), rows: statement.all(...message.params) };
    }
    case 'open': {
      const statement = prepare(message.sql);
      if (!statement.reader) {
        statement.run(...message.params);
        keepReadOnly(message.readOnly === true);
        return { columns: [], rows: [], done: true };
      }
      iteratorColumns = columnsOf(statement);
      iterator = statement.iterate(...message.params);
      return { columns: iteratorColumns, ...pull(message.batchSize) };
    }
    case 'next':
      return pull(message.batchSize);
    case 'close':
      iterator?.return?.();
      iterator = null;
      return {};
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

process.on('message', (message) => {
  try {
    process.send({ id: message.id, ok: true, ...handle(message) });
  } catch (error) {
    iterator = null;
    process.send({ id: message.id, ok: false, error: describe(error) });
  }
});

process.on('disconnect', () => {
  db?.close();
  process.exit(0);
});

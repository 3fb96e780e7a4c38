import type { ConnectionRegistry } from '../../connections/connections.ts';
import type { DatabaseConnection, DatabaseSession, QueryOptions } from '../../drivers/driver.ts';
import type { DatabaseRow } from '../../platform/metastore/schema.ts';
import type { ExecutionPlan } from './plan.ts';

/**
 * Which of a database's pools a SQL Lab run uses. Reads run on the read-only pool, in the engine's
 * read-only mode. A script that writes (DML where allowed, CTAS/CVAS) needs the writable pool:
 * - where DML is allowed, the whole script runs there, on one connection, since its statements may
 *   shape the session for each other (SET, temporary tables);
 * - where DML is off, the plan lets nothing but reads come before the CREATE … AS, and reads leave
 *   no session state behind: each read runs on the read-only pool and only the CREATE on the
 *   writable one, so a write hidden in one of those reads still meets the engine's read-only mode.
 */

type Sessions = Pick<DatabaseConnection, 'session'>;

export function planConnection(
  registry: ConnectionRegistry,
  database: DatabaseRow,
  plan: Pick<ExecutionPlan, 'statements'>,
): Sessions {
  const writes = plan.statements.filter((statement) => statement.kind === 'mutating');
  if (writes.length === 0) return registry.get(database);
  const writer = registry.writer(database);
  if (database.allow_dml === 1) return writer;
  return routedByStatement(registry.get(database), writer, new Set(writes.map((write) => write.sql)));
}

/**
 * The connection an export of a finished run replays its session setup on (settings, temporary
 * tables: only there when DML was allowed, see sessionSetup.ts) before streaming the result.
 */
export function exportConnection(
  registry: ConnectionRegistry,
  database: DatabaseRow,
  setup: readonly string[],
): Sessions {
  return setup.length > 0 && database.allow_dml === 1 ? registry.writer(database) : registry.get(database);
}

/**
 * A "session" whose statements each run in a session of their own, one after the other (never two
 * held at once: a SQLite `:memory:` database has one connection for both pools).
 */
function routedByStatement(reader: Sessions, writer: Sessions, writes: ReadonlySet<string>): Sessions {
  return {
    session: (options, work) => {
      const on = (sql: string) => (writes.has(sql) ? writer : reader);
      const execute = (sql: string, queryOptions?: QueryOptions) =>
        on(sql).session(options, (session) => session.execute(sql, queryOptions));
      const routed: DatabaseSession = {
        execute,
        // A stream cannot outlive its session: the rows are read first, then handed out as one batch.
        stream: async (sql, queryOptions) => {
          const result = await execute(sql, queryOptions);
          return {
            columns: result.columns,
            batches: (async function* () {
              if (result.rows.length > 0) yield result.rows;
            })(),
          };
        },
      };
      return work(routed);
    },
  };
}

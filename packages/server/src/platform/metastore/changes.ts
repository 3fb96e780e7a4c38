import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { EventBus } from '../events/eventBus.ts';

/**
 * Writes to the metastore tables whose rows the servers keep in short in-process caches (who a session
 * is, their roles and permissions: security/authCache.ts; a dataset with its columns, metrics and
 * row-level security: flows/chartData/datasourceCache.ts). A Kysely plugin sees every write made
 * through the metastore's `db` (transactions included, whatever the code path) and tells the caches of
 * this process at once and, through the event bus, those of every other server.
 *
 * Raw SQL (`sql\`…\``) is not seen: no write to these tables is made that way (migrations and the
 * security sync run before any cache exists).
 */

/** The tables a session's liveness and a user's principal are read from (security/authCache.ts). */
export const AUTH_TABLES: ReadonlySet<string> = new Set([
  'users',
  'user_sessions',
  'user_roles',
  'roles',
  'permissions',
  'view_menus',
  'permission_views',
  'role_permission_views',
  'teams',
  'team_roles',
  'team_users',
]);

/** The tables the in-process caches read: the auth tables, and datasets with their RLS. */
export const CACHED_TABLES: ReadonlySet<string> = new Set([
  ...AUTH_TABLES,
  'databases',
  'datasets',
  'dataset_columns',
  'dataset_metrics',
  'dataset_owners',
  'rls_filters',
  'rls_filter_tables',
  'rls_filter_roles',
]);

/**
 * Writes that change nothing a cache holds, left out so a busy server does not empty the caches on
 * every sign-in: a session's row being made (no cache holds a session before it exists), the clean-up
 * of ended and expired sessions at sign-in (their rows are refused already), the once-a-minute
 * "last seen" of a session, and a user's sign-in bookkeeping.
 */
const QUIET_INSERT_DELETE = new Set(['user_sessions']);
const QUIET_UPDATE_COLUMNS: Record<string, ReadonlySet<string>> = {
  user_sessions: new Set(['last_seen_on', 'ip_address']),
  users: new Set(['last_login', 'login_count', 'fail_login_count', 'password_hash']),
};

export type ChangeListener = (tables: readonly string[]) => void;
/** Hands this process's changes on (to the event bus); the write waits for it (changesPlugin). */
export type LocalChangeListener = (tables: readonly string[]) => Promise<void>;

/** The changed tables of this process's writes and, once shared, of the other servers'. */
export class MetastoreChanges {
  readonly #listeners = new Set<ChangeListener>();
  readonly #local = new Set<LocalChangeListener>();
  #catchUp: (() => Promise<void>) | null = null;

  /**
   * Reads what other servers published that has not arrived yet (shareChanges over a shared bus), so
   * a request that starts after another server's write returned sees it even when the push is still
   * on its way. One round trip to the bus; nothing without a shared bus.
   */
  async catchUp(): Promise<void> {
    await this.#catchUp?.();
  }

  /** Set by shareChanges. */
  setCatchUp(catchUp: (() => Promise<void>) | null): void {
    this.#catchUp = catchUp;
  }

  /** Calls listener with the tables of each significant write, here or on another server. */
  on(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls listener for this process's own writes only (what is published to the others). */
  onLocal(listener: LocalChangeListener): () => void {
    this.#local.add(listener);
    return () => this.#local.delete(listener);
  }

  /** Tells the caches at once; for a local write, resolves once the other servers have been sent it. */
  async emit(tables: readonly string[], local: boolean): Promise<void> {
    for (const listener of this.#listeners) listener(tables);
    if (local) await Promise.all([...this.#local].map((listener) => listener(tables)));
  }
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

function columnName(node: OperationNode): string | null {
  const column = node as unknown as { column?: { column?: { name?: string } } };
  return column.column?.column?.name ?? null;
}

/** The cached table a write changes in a way a cache cares about, or null. */
export function significantWrite(node: RootOperationNode): string | null {
  let table: string | null = null;
  if (node.kind === 'InsertQueryNode') {
    table = tableName(node.into);
    if (table && QUIET_INSERT_DELETE.has(table)) return null;
  } else if (node.kind === 'DeleteQueryNode') {
    table = tableName(node.from.froms[0]);
    if (table && QUIET_INSERT_DELETE.has(table)) return null;
  } else if (node.kind === 'UpdateQueryNode') {
    table = tableName(node.table);
    const quiet = table ? QUIET_UPDATE_COLUMNS[table] : undefined;
    if (quiet && node.updates?.every((update) => quiet.has(columnName(update) ?? ''))) return null;
  }
  return table && CACHED_TABLES.has(table) ? table : null;
}

/**
 * The plugin: notes a significant write when it is compiled, reports it once it has run. The write's
 * caller waits until the message is on the bus, so an answer that says "logged out" is sent after
 * the other servers were told (they act on it as soon as it arrives: Redis pushes it to them).
 */
export function changesPlugin(changes: MetastoreChanges): KyselyPlugin {
  const pending = new WeakMap<QueryId, string>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const table = significantWrite(args.node);
      if (table) pending.set(args.queryId, table);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const table = pending.get(args.queryId);
      if (table) await changes.emit([table], true);
      return args.result;
    },
  };
}

export const CHANGES_CHANNEL = 'metastore-changes';

/**
 * Shares this process's changes with the other servers through the event bus, and theirs with this
 * process's caches. A message carries its sender's id so a server does not act twice on its own.
 */
export async function shareChanges(
  changes: MetastoreChanges,
  events: EventBus,
  onError: (error: unknown) => void,
  { shared = false }: { shared?: boolean } = {},
): Promise<() => void> {
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  if (shared) {
    // The newest message already there: what came before this server started is nothing to it.
    let lastId: string | null = (await events.read(CHANGES_CHANNEL, null, 1000)).at(-1)?.id ?? '0-0';
    // While the bus cannot be read, other servers' writes cannot be heard: no cached fact is trusted
    // (every request reads the metastore), and the bus is tried again a second later, not per request.
    let unreadableUntil = 0;
    changes.setCatchUp(async () => {
      if (Date.now() < unreadableUntil) return changes.emit([...CACHED_TABLES], false);
      let missed: Awaited<ReturnType<EventBus['read']>>;
      try {
        missed = await events.read(CHANGES_CHANNEL, lastId, 1000);
      } catch (error) {
        if (unreadableUntil === 0) onError(error);
        unreadableUntil = Date.now() + 1000;
        return changes.emit([...CACHED_TABLES], false);
      }
      unreadableUntil = 0;
      if (missed.length === 0) return;
      lastId = missed.at(-1)?.id ?? lastId;
      const tables = missed.flatMap(({ event }) => {
        const message = event as { origin?: unknown; tables?: unknown };
        return message.origin === origin || !Array.isArray(message.tables) ? [] : message.tables;
      });
      if (tables.length > 0)
        await changes.emit([...new Set(tables.filter((t) => typeof t === 'string'))], false);
    });
  }
  // A bus that is down must not fail the write: the caches' one second is then the bound.
  const stopLocal = changes.onLocal((tables) =>
    events.publish(CHANGES_CHANNEL, { origin, tables: [...tables] }).then(() => undefined, onError),
  );
  const unsubscribe = await events.subscribe(CHANGES_CHANNEL, ({ event }) => {
    const message = event as { origin?: unknown; tables?: unknown };
    if (message.origin === origin || !Array.isArray(message.tables)) return;
    void changes.emit(
      message.tables.filter((table): table is string => typeof table === 'string'),
      false,
    );
  });
  return () => {
    changes.setCatchUp(null);
    stopLocal();
    void unsubscribe().catch(onError);
  };
}

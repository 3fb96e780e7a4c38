import type { UserSqlFragment } from '@vitrina/common';
import { CustomSqlError } from '@vitrina/common';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import { LRUCache } from 'lru-cache';
import { getParser } from '../../drivers/parsers/index.ts';
import {
  type ParsedStatement,
  SqlParseError,
  type SqlParser,
  type StatementSummary,
  type TableReference,
} from '../../drivers/parsers/types.ts';
import {
  expressionRefusal,
  filesOrCodeRefusal,
  PLACEHOLDER_TABLE,
  queryRefusal,
  type Refusal,
  type RuleOptions,
} from './rules.ts';

/**
 * The trust boundary for SQL from users, for one engine: every decision comes from the engine's parser
 * (drivers/parsers), the rules are engine-neutral (rules.ts). Verdicts are cached by text, so a chart
 * query that runs again costs a map look-up, not a parse.
 */

export interface SqlPolicySettings {
  /** Functions the operator denies on top of each engine's own list (VITRINA_DENIED_SQL_FUNCTIONS). */
  extraDeniedFunctions: Partial<Record<EngineName, readonly string[]>>;
  /** Superset's ALLOW_ADHOC_SUBQUERY. */
  allowAdhocSubqueries: boolean;
}

export const DEFAULT_SQL_POLICY: SqlPolicySettings = {
  extraDeniedFunctions: {},
  allowAdhocSubqueries: false,
};

type Verdict = { summary: StatementSummary } | { refusal: Refusal };

const verdicts = new LRUCache<string, Verdict>({ max: 20_000 });

export class SqlPolicy {
  private readonly denied: ReadonlySet<string>;
  private readonly settingsKey: string;

  constructor(
    readonly parser: SqlParser,
    private readonly settings: SqlPolicySettings,
  ) {
    const extra = settings.extraDeniedFunctions[parser.engine] ?? [];
    this.denied = new Set([...parser.deniedFunctions, ...extra].map((name) => name.toLowerCase()));
    this.settingsKey = `${parser.engine}|${settings.allowAdhocSubqueries}|${[...this.denied].sort().join(',')}`;
  }

  private get displayName(): string {
    return getDialect(this.parser.engine).displayName;
  }

  private options(allowedTables: readonly TableReference[] | null): RuleOptions {
    return {
      deniedFunctions: this.denied,
      allowSubqueries: this.settings.allowAdhocSubqueries,
      allowedTables,
    };
  }

  private async verdict(key: string, decide: () => Promise<Verdict>): Promise<Verdict> {
    const cacheKey = `${this.settingsKey}\u0000${key}`;
    const cached = verdicts.get(cacheKey);
    if (cached) return cached;
    const verdict = await decide();
    verdicts.set(cacheKey, verdict);
    return verdict;
  }

  /** What the parser answers, or the refusal for text it cannot read (a SqlParseError). */
  private async parsed<T>(parse: () => Promise<T>): Promise<T | { refusal: Refusal }> {
    try {
      return await parse();
    } catch (error) {
      if (!(error instanceof SqlParseError)) throw error;
      if (error.filesOrCodeStatement) return { refusal: filesOrCodeRefusal(error.filesOrCodeStatement) };
      const message = `The ${this.displayName} parser could not read the SQL: ${error.message}`;
      return { refusal: { reason: 'syntax', message } };
    }
  }

  /** The parser's summary, or the refusal for text it cannot read as exactly one statement. */
  private summarize(sql: string): Promise<Verdict> {
    return this.parsed(async () => ({ summary: await this.parser.summarize(sql) }));
  }

  /** One piece of custom SQL where an expression or predicate belongs; throws CustomSqlError. */
  async checkExpression(
    fragment: Pick<UserSqlFragment, 'field' | 'sql'> & { role: 'expression' | 'predicate' },
    allowedTables: readonly TableReference[] | null,
  ): Promise<void> {
    const tablesKey = JSON.stringify(allowedTables);
    const verdict = await this.verdict(
      `${fragment.role}\u0000${tablesKey}\u0000${fragment.sql}`,
      async () => {
        if (await this.hasComments(fragment.sql)) {
          return { refusal: { reason: 'comment', message: 'Custom SQL cannot contain comments' } };
        }
        // Parsed without parentheses of our own: a text that closes a parenthesis it did not open
        // (`1 = 1) OR (1 = 1`) is then a syntax error, so once pasted inside the compiler's
        // parentheses it cannot escape them.
        const wrapper =
          fragment.role === 'predicate'
            ? `SELECT 1 FROM ${PLACEHOLDER_TABLE} WHERE ${fragment.sql}`
            : `SELECT ${fragment.sql} AS vitrina_expression FROM ${PLACEHOLDER_TABLE}`;
        const parsed = await this.summarize(wrapper);
        if ('refusal' in parsed) return parsed;
        const refusal = expressionRefusal(parsed.summary, fragment.role, this.options(allowedTables));
        return refusal ? { refusal } : parsed;
      },
    );
    if ('refusal' in verdict)
      throw new CustomSqlError(verdict.refusal.reason, verdict.refusal.message, fragment.field);
  }

  private async hasComments(sql: string): Promise<boolean> {
    try {
      return await this.parser.hasComments(sql);
    } catch (error) {
      // Text the scanner cannot read will not parse either; the parse names the problem.
      if (error instanceof SqlParseError) return false;
      throw error;
    }
  }

  /**
   * A whole query that must be exactly one read: a virtual dataset's SQL, a compiled chart query.
   * Answers the summary (its `sql` is the statement without a trailing ';', its tables what a virtual
   * dataset may read); throws CustomSqlError.
   */
  async checkQuery(
    sql: string,
    field: string,
    options: { allowedTables: readonly TableReference[] | null; allowParameters?: boolean },
  ): Promise<StatementSummary> {
    const allowParameters = options.allowParameters ?? false;
    const key = `query|${allowParameters}\u0000${JSON.stringify(options.allowedTables)}\u0000${sql}`;
    const verdict = await this.verdict(key, async () => {
      const statements = await this.split(sql);
      if ('refusal' in statements) return statements;
      if (statements.statements.length !== 1) {
        return {
          refusal: {
            reason: 'statement',
            message: `The SQL must be exactly one statement, found ${statements.statements.length}`,
          },
        };
      }
      // The statement's own text: a trailing ';' or comment is not part of what gets pasted.
      const parsed = await this.summarize((statements.statements[0] as ParsedStatement).sql);
      if ('refusal' in parsed) return parsed;
      const refusal = queryRefusal(parsed.summary, {
        ...this.options(options.allowedTables),
        allowParameters,
      });
      return refusal ? { refusal } : parsed;
    });
    if ('refusal' in verdict)
      throw new CustomSqlError(verdict.refusal.reason, verdict.refusal.message, field);
    return verdict.summary;
  }

  private split(sql: string): Promise<{ statements: ParsedStatement[] } | { refusal: Refusal }> {
    return this.parsed(async () => ({ statements: await this.parser.split(sql) }));
  }

  /**
   * A SQL Lab script, split and classified by the parser; a read statement that calls a denied
   * function is refused. Throws CustomSqlError (field `sql`) for text the parser cannot read.
   */
  async checkScript(sql: string): Promise<ParsedStatement[]> {
    const split = await this.split(sql);
    if ('refusal' in split) throw new CustomSqlError(split.refusal.reason, split.refusal.message, 'sql');
    for (const statement of split.statements) {
      if (statement.touchesFilesOrCode) {
        const refusal = filesOrCodeRefusal(statement.type.replace(/_/g, ' '));
        throw new CustomSqlError(refusal.reason, refusal.message, 'sql');
      }
      const parsed = await this.verdict(`script\u0000${statement.sql}`, () => this.summarize(statement.sql));
      // Writes the parser classified but cannot summarise run only where DML is allowed, inside the
      // engine's own sandbox; a read must be fully understood.
      if ('refusal' in parsed) {
        if (statement.kind === 'read')
          throw new CustomSqlError(parsed.refusal.reason, parsed.refusal.message, 'sql');
        continue;
      }
      const refusal = queryRefusal(parsed.summary, { ...this.options(null), allowParameters: true });
      if (refusal && refusal.reason === 'denied_function') {
        throw new CustomSqlError(refusal.reason, refusal.message, 'sql');
      }
    }
    return split.statements;
  }

  /** Every fragment a compiled query pasted, then the query itself; throws CustomSqlError. */
  async checkCompiled(
    compiled: { sql: string; userSql: readonly UserSqlFragment[] },
    allowedTables: readonly TableReference[] | null,
  ): Promise<void> {
    // A virtual dataset's own SQL decides which tables the whole query may read.
    let readable = allowedTables;
    for (const fragment of compiled.userSql) {
      if (fragment.role !== 'query') continue;
      const summary = await this.checkQuery(fragment.sql, fragment.field, { allowedTables: null });
      readable = [...(readable ?? []), ...summary.tables];
    }
    for (const fragment of compiled.userSql) {
      if (fragment.role !== 'query')
        await this.checkExpression({ ...fragment, role: fragment.role }, allowedTables);
    }
    await this.checkQuery(compiled.sql, 'query', { allowedTables: readable, allowParameters: true });
  }
}

const policies = new Map<string, SqlPolicy>();

/** The policy of an engine under the given settings (one instance per engine and settings). */
export function sqlPolicy(engine: EngineName, settings: SqlPolicySettings = DEFAULT_SQL_POLICY): SqlPolicy {
  const key = `${engine}|${JSON.stringify(settings)}`;
  let policy = policies.get(key);
  if (!policy) {
    policy = new SqlPolicy(getParser(engine), settings);
    policies.set(key, policy);
  }
  return policy;
}

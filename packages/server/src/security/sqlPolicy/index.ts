import type { EngineName } from '@vitrina/common/sql/engines';
import { type SqlPolicy, type SqlPolicySettings, sqlPolicy } from './policy.ts';

export { DEFAULT_SQL_POLICY, SqlPolicy, type SqlPolicySettings, sqlPolicy } from './policy.ts';

/** The engine's policy under the server's configuration (VITRINA_DENIED_SQL_FUNCTIONS, ALLOW_ADHOC_SUBQUERY). */
export function sqlPolicyOf(
  ctx: { config: { sqlPolicy: SqlPolicySettings } },
  engine: EngineName,
): SqlPolicy {
  return sqlPolicy(engine, ctx.config.sqlPolicy);
}

import type { EngineName } from '@vitrina/common/sql/engines';
import type { AppContext } from '../../http/types.ts';
import { type SqlPolicy, sqlPolicy } from './policy.ts';

export { DEFAULT_SQL_POLICY, SqlPolicy, type SqlPolicySettings, sqlPolicy } from './policy.ts';

/** The engine's policy under the server's configuration (VITRINA_DENIED_SQL_FUNCTIONS, ALLOW_ADHOC_SUBQUERY). */
export function sqlPolicyOf(ctx: Pick<AppContext, 'config'>, engine: EngineName): SqlPolicy {
  return sqlPolicy(engine, ctx.config.sqlPolicy);
}

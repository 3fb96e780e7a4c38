import { CustomSqlError } from '@vitrina/common';
import type { EngineName } from '@vitrina/common/sql/engines';
import type { ParsedStatement } from '../../drivers/parsers/types.ts';
import type { AppContext } from '../../http/types.ts';
import { sqlPolicyOf } from '../../security/sqlPolicy/index.ts';
import { SqlLabError } from './errors.ts';
import type { ExecutionPlan } from './plan.ts';

/**
 * SQL Lab's script as the engine's parser reads it: split, classified, denied functions refused.
 * Text the parser cannot read is refused (400 INVALID_SQL_ERROR), never run as it is.
 */
export async function parseScript(
  ctx: Pick<AppContext, 'config'>,
  engine: EngineName,
  sql: string,
): Promise<ParsedStatement[]> {
  try {
    return await sqlPolicyOf(ctx, engine).checkScript(sql);
  } catch (error) {
    if (error instanceof CustomSqlError) throw new SqlLabError(400, 'INVALID_SQL_ERROR', error.message);
    throw error;
  }
}

/**
 * The row limit rewrites a read's text (sqlText.ts); what runs must still be the one read the parser
 * approved, so each limited statement is parsed again before anything runs.
 */
export async function checkLimitedStatements(
  ctx: Pick<AppContext, 'config'>,
  engine: EngineName,
  plan: ExecutionPlan,
): Promise<void> {
  for (const statement of plan.statements) {
    if (statement.kind !== 'select') continue;
    const again = await parseScript(ctx, engine, statement.sql);
    if (again.length !== 1 || again[0]?.kind !== 'read') {
      throw new SqlLabError(
        400,
        'INVALID_SQL_ERROR',
        'The row limit could not be applied to this statement.',
      );
    }
  }
}

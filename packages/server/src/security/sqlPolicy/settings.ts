import { isEngineName } from '@vitrina/common/sql/engines';
import type { SqlPolicySettings } from './policy.ts';

type Env = Record<string, string | undefined>;

/** A bad policy setting: the message names the variable, as config.ts's ConfigError does. */
export class SqlPolicySettingError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
    this.name = 'ConfigError';
  }
}

/**
 * VITRINA_DENIED_SQL_FUNCTIONS: a JSON object of engine → function names denied on top of the
 * engine's own list (docs/security.md), e.g. `{"postgresql":["my_unsafe_fn"]}`.
 * VITRINA_ALLOW_ADHOC_SUBQUERY: Superset's ALLOW_ADHOC_SUBQUERY (sub-queries in custom SQL), off.
 */
export function parseSqlPolicySettings(env: Env): SqlPolicySettings {
  const raw = env.VITRINA_DENIED_SQL_FUNCTIONS?.trim();
  const extraDeniedFunctions: SqlPolicySettings['extraDeniedFunctions'] = {};
  if (raw) {
    const variable = 'VITRINA_DENIED_SQL_FUNCTIONS';
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new SqlPolicySettingError(variable, 'expected a JSON object such as {"<engine>":["fn"]}');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new SqlPolicySettingError(
        variable,
        'expected a JSON object of engine names to lists of function names',
      );
    }
    for (const [engine, names] of Object.entries(value)) {
      if (!isEngineName(engine)) throw new SqlPolicySettingError(variable, `unknown engine "${engine}"`);
      if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && name.trim() !== '')) {
        throw new SqlPolicySettingError(variable, `"${engine}" must be a list of function names`);
      }
      extraDeniedFunctions[engine] = names.map((name: string) => name.trim().toLowerCase());
    }
  }
  const subqueries = env.VITRINA_ALLOW_ADHOC_SUBQUERY?.trim().toLowerCase();
  if (subqueries && !['true', 'false', '1', '0', 'yes', 'no'].includes(subqueries)) {
    throw new SqlPolicySettingError(
      'VITRINA_ALLOW_ADHOC_SUBQUERY',
      `expected true or false, got "${subqueries}"`,
    );
  }
  return { extraDeniedFunctions, allowAdhocSubqueries: ['true', '1', 'yes'].includes(subqueries ?? '') };
}

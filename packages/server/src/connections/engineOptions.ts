import type { DatabaseExtra } from '@vitrina/common';
import { getDialect } from '@vitrina/common/sql/dialects/index';
import type { EngineName } from '@vitrina/common/sql/engines';
import { type OptionTypes, optionTypeProblem } from '../drivers/connectOptions.ts';
import { getDriver } from '../drivers/index.ts';

/**
 * A connection's options checked against what its driver declares: URI query parameters and
 * `extra.engine_params.connect_args`. Unknown keys and values of the wrong type are refused by name,
 * so no option a driver does not read on purpose (DuckDB's `allow_external_access`, MySQL's
 * `multipleStatements`, PostgreSQL's `options`…) can be stored.
 */

export interface OptionProblems {
  sqlalchemy_uri: string[];
  extra: string[];
}

function problemsOf(
  declared: OptionTypes,
  values: Record<string, unknown>,
  fromText: boolean,
  name: (key: string) => string,
  engineName: string,
): string[] {
  const problems: string[] = [];
  const accepted = Object.keys(declared);
  for (const [key, value] of Object.entries(values)) {
    const type = Object.hasOwn(declared, key) ? declared[key] : undefined;
    if (type === undefined) {
      problems.push(
        `${name(key)} is not accepted for ${engineName} (accepted: ${accepted.length > 0 ? accepted.join(', ') : 'none'}).`,
      );
      continue;
    }
    const problem = optionTypeProblem(type, value, fromText);
    if (problem) problems.push(`${name(key)} ${problem}.`);
  }
  return problems;
}

export function connectOptionProblems(
  engine: EngineName,
  query: Record<string, string>,
  extra: DatabaseExtra,
): OptionProblems {
  const driver = getDriver(engine);
  const engineName = getDialect(engine).displayName;
  const connectArgs = extra.engine_params?.connect_args ?? {};
  return {
    sqlalchemy_uri: problemsOf(
      driver.uriQuery,
      query,
      true,
      (key) => `The URI parameter "${key}"`,
      engineName,
    ),
    extra: problemsOf(
      driver.connectArgs,
      connectArgs,
      false,
      (key) => `engine_params.connect_args.${key}`,
      engineName,
    ),
  };
}

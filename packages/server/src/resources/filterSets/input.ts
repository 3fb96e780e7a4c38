import { isRecord } from '@vitrina/common/isRecord';
import { BadRequestError } from '../../http/errors.ts';
import type { OwnerType } from './repo.ts';

/**
 * The bodies of creating and changing a filter set, checked field by field as Superset's
 * FilterSetPostSchema / FilterSetPutSchema do: every problem is named in one 400
 * `{"message": {"field": ["…"]}}`.
 */

export const OWNER_TYPES: readonly OwnerType[] = ['Dashboard', 'User'];
const NAME_MAX = 500;
const DESCRIPTION_MAX = 1000;
const MISSING = 'Missing data for required field.';

export interface FilterSetCreate {
  name: string;
  description: string | null;
  json_metadata: string;
  owner_type: OwnerType;
  owner_id: number | null;
  is_primary: boolean;
}

export interface FilterSetChange {
  name?: string;
  description?: string | null;
  json_metadata?: string;
  owner_type?: 'Dashboard';
  is_primary?: boolean;
}

type Errors = Record<string, string[]>;

/** What is wrong with a set's json_metadata text: JSON of {nativeFilters, dataMask}, each a mapping of mappings. */
export function jsonMetadataProblems(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ['JSON not valid'];
  }
  if (!isRecord(value)) return ['Must be a JSON object'];
  const problems: string[] = [];
  for (const key of ['nativeFilters', 'dataMask'] as const) {
    const part = value[key];
    if (part === undefined) {
      if (key === 'nativeFilters') problems.push(`${key}: ${MISSING}`);
      continue;
    }
    if (!isRecord(part)) {
      problems.push(`${key}: Not a valid mapping type.`);
      continue;
    }
    const bad = Object.keys(part).filter((id) => !isRecord(part[id]));
    if (bad.length > 0) problems.push(`${key}: the entries of ${bad.join(', ')} are not mappings.`);
  }
  return problems;
}

function checkName(value: unknown, errors: Errors): string | undefined {
  if (typeof value !== 'string') {
    errors.name = ['Not a valid string.'];
    return undefined;
  }
  const name = value.trim();
  if (name === '') errors.name = ['Name must not be empty.'];
  else if (name.length > NAME_MAX) errors.name = [`Length must be between 1 and ${NAME_MAX}.`];
  return name;
}

function checkDescription(value: unknown, errors: Errors): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string') {
    errors.description = ['Not a valid string.'];
    return undefined;
  }
  if (value.length > DESCRIPTION_MAX)
    errors.description = [`Length must be between 0 and ${DESCRIPTION_MAX}.`];
  return value;
}

function checkMetadata(value: unknown, errors: Errors): string | undefined {
  if (typeof value !== 'string') {
    errors.json_metadata = ['Not a valid string.'];
    return undefined;
  }
  const problems = jsonMetadataProblems(value);
  if (problems.length > 0) errors.json_metadata = problems;
  return value;
}

function checkBoolean(field: string, value: unknown, errors: Errors): boolean | undefined {
  if (typeof value === 'boolean') return value;
  errors[field] = ['Not a valid boolean.'];
  return undefined;
}

function unknownFields(body: Record<string, unknown>, known: readonly string[], errors: Errors): void {
  for (const field of Object.keys(body)) if (!known.includes(field)) errors[field] = ['Unknown field.'];
}

function throwIfAny(errors: Errors): void {
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

const CREATE_FIELDS = ['name', 'description', 'json_metadata', 'owner_type', 'owner_id', 'is_primary'];
const CHANGE_FIELDS = ['name', 'description', 'json_metadata', 'owner_type', 'is_primary'];

export function parseCreate(body: unknown): FilterSetCreate {
  if (!isRecord(body)) throw new BadRequestError('Request is not JSON');
  const errors: Errors = {};
  unknownFields(body, CREATE_FIELDS, errors);
  if (body.name === undefined) errors.name = [MISSING];
  if (body.json_metadata === undefined) errors.json_metadata = [MISSING];
  const name = body.name === undefined ? undefined : checkName(body.name, errors);
  const description = body.description === undefined ? null : checkDescription(body.description, errors);
  const jsonMetadata =
    body.json_metadata === undefined ? undefined : checkMetadata(body.json_metadata, errors);
  const ownerType = body.owner_type;
  if (ownerType === undefined) errors.owner_type = [MISSING];
  else if (!OWNER_TYPES.includes(ownerType as OwnerType)) {
    errors.owner_type = [`Must be one of: ${OWNER_TYPES.join(', ')}.`];
  }
  let ownerId: number | null = null;
  if (body.owner_id !== undefined && body.owner_id !== null) {
    if (Number.isSafeInteger(body.owner_id)) ownerId = body.owner_id as number;
    else errors.owner_id = ['Not a valid integer.'];
  } else if (ownerType === 'User') {
    errors.owner_id = ['owner_id is mandatory when owner_type is User'];
  }
  const isPrimary =
    body.is_primary === undefined ? false : checkBoolean('is_primary', body.is_primary, errors);
  throwIfAny(errors);
  return {
    name: name as string,
    description: description ?? null,
    json_metadata: jsonMetadata as string,
    owner_type: ownerType as OwnerType,
    owner_id: ownerId,
    is_primary: isPrimary as boolean,
  };
}

export function parseChange(body: unknown): FilterSetChange {
  if (!isRecord(body)) throw new BadRequestError('Request is not JSON');
  const errors: Errors = {};
  unknownFields(body, CHANGE_FIELDS, errors);
  const change: FilterSetChange = {};
  if (body.name !== undefined) change.name = checkName(body.name, errors);
  if (body.description !== undefined) change.description = checkDescription(body.description, errors);
  if (body.json_metadata !== undefined) change.json_metadata = checkMetadata(body.json_metadata, errors);
  if (body.owner_type !== undefined) {
    // As Superset: a set can be handed to its dashboard, never back to one user.
    if (body.owner_type === 'Dashboard') change.owner_type = 'Dashboard';
    else errors.owner_type = ['Must be one of: Dashboard.'];
  }
  if (body.is_primary !== undefined) change.is_primary = checkBoolean('is_primary', body.is_primary, errors);
  throwIfAny(errors);
  return change;
}

import type { LanguageCode, ListQuery, User } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema, UserUpdate } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import { hashPassword } from '../../security/passwords.ts';
import { endAllSessions } from '../../security/sessionStore.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;
type FieldErrors = Record<string, string[]>;

export interface UserInput {
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  active?: boolean;
  password?: string;
  roles?: number[];
  preferred_language?: LanguageCode;
}

export const MIN_PASSWORD_LENGTH = 8;
const USERNAME_PATTERN = /^[A-Za-z0-9._@+-]+$/;
// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const DUPLICATE: Record<'username' | 'email', string> = {
  username: 'A user with this username already exists',
  email: 'A user with this email already exists',
};

export async function listUsers(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.usersListBase(db), repo.usersList, query);
}

export async function getUser(db: Db, id: number): Promise<User> {
  const user = await repo.findUser(db, id);
  if (!user) throw new NotFoundError();
  return user;
}

/** Creates a user with their roles in one transaction; 422 naming each invalid or taken field. */
export async function createUser(db: Db, input: UserInput): Promise<User> {
  const clean = normalise(input);
  const errors = validate(clean, { creating: true });
  Object.assign(
    errors,
    await roleErrors(db, clean.roles),
    duplicateErrors(await repo.takenFields(db, clean)),
  );
  throwIfAny(errors);
  const passwordHash = await hashPassword(clean.password!);
  const now = nowIso();
  const id = await mappingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      const userId = await repo.insertUser(trx, {
        username: clean.username!,
        first_name: clean.first_name!,
        last_name: clean.last_name!,
        email: clean.email!,
        active: clean.active === false ? 0 : 1,
        password_hash: passwordHash,
        preferred_language: clean.preferred_language ?? 'en',
        created_on: now,
        changed_on: now,
      });
      await repo.replaceUserRoles(trx, userId, clean.roles ?? []);
      return userId;
    }),
  );
  return getUser(db, id);
}

/**
 * Changes the given fields only: `password` sets a new one, `roles` replaces the user's roles,
 * `active: false` deactivates. An admin cannot deactivate themself (they would lock themselves out).
 */
export async function updateUser(db: Db, id: number, input: UserInput, actorId: number): Promise<User> {
  if (!(await repo.userExists(db, id))) throw new NotFoundError();
  const clean = normalise(input);
  const errors = validate(clean, { creating: false });
  if (id === actorId && clean.active === false) errors.active = ['You cannot deactivate yourself'];
  Object.assign(
    errors,
    await roleErrors(db, clean.roles),
    duplicateErrors(await repo.takenFields(db, clean, id)),
  );
  throwIfAny(errors);
  const changes: UserUpdate = {
    ...(clean.username !== undefined && { username: clean.username }),
    ...(clean.first_name !== undefined && { first_name: clean.first_name }),
    ...(clean.last_name !== undefined && { last_name: clean.last_name }),
    ...(clean.email !== undefined && { email: clean.email }),
    ...(clean.active !== undefined && { active: clean.active ? 1 : 0 }),
    ...(clean.preferred_language !== undefined && { preferred_language: clean.preferred_language }),
    ...(clean.password !== undefined && { password_hash: await hashPassword(clean.password) }),
    changed_on: nowIso(),
  };
  await mappingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      const rolesTaken =
        clean.roles !== undefined &&
        (await repo.roleIdsOf(trx, id)).some((role) => !clean.roles?.includes(role));
      await repo.updateUser(trx, id, changes);
      if (clean.roles !== undefined) await repo.replaceUserRoles(trx, id, clean.roles);
      // Whatever was allowed before a new password, a role taken away or deactivation must not outlive it.
      if (clean.password !== undefined || clean.active === false || rolesTaken) await endAllSessions(trx, id);
    }),
  );
  return getUser(db, id);
}

export async function deleteUser(db: Db, id: number, actorId: number): Promise<void> {
  if (!(await repo.userExists(db, id))) throw new NotFoundError();
  if (id === actorId) throw new UnprocessableError('You cannot delete yourself');
  await db.transaction().execute((trx) => repo.deleteUser(trx, id));
}

/** Trims what people type around names and addresses; passwords are kept exactly as given. */
function normalise(input: UserInput): UserInput {
  const trim = (value: string | undefined) => value?.trim();
  return {
    ...input,
    username: trim(input.username),
    first_name: trim(input.first_name),
    last_name: trim(input.last_name),
    email: trim(input.email),
  };
}

function validate(input: UserInput, { creating }: { creating: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  const required = (field: 'username' | 'first_name' | 'last_name' | 'email') => {
    const value = input[field];
    if (value === undefined ? creating : value === '') errors[field] = ['Missing data for required field.'];
  };
  for (const field of ['username', 'first_name', 'last_name', 'email'] as const) required(field);
  if (input.username && !USERNAME_PATTERN.test(input.username)) {
    errors.username = ['Use only letters, digits and . _ @ + -'];
  }
  if (input.email && !EMAIL_PATTERN.test(input.email)) errors.email = ['Not a valid email address.'];
  if (input.password === undefined ? creating : input.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = [`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`];
  }
  return errors;
}

async function roleErrors(db: Db, roles: number[] | undefined): Promise<FieldErrors> {
  const unknown = await repo.unknownRoleIds(db, roles ?? []);
  return unknown.length > 0 ? { roles: [`Unknown role ids: ${unknown.join(', ')}`] } : {};
}

function duplicateErrors(fields: ReadonlyArray<'username' | 'email'>): FieldErrors {
  return Object.fromEntries(fields.map((field) => [field, [DUPLICATE[field]]]));
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

/** A concurrent request may take the username or email between the check and the write. */
async function mappingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const columns = uniqueViolationColumns(error);
    const fields = columns?.filter(
      (column): column is 'username' | 'email' => column === 'username' || column === 'email',
    );
    if (fields && fields.length > 0) throw new UnprocessableError(duplicateErrors(fields));
    throw error;
  }
}

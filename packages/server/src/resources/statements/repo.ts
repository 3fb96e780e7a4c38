import type { NamedRef, StatementDetail, StatementListItem, StatementPerson } from '@vitrina/common';
import { type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema, StatementsTable } from '../../platform/metastore/schema.ts';
import { findTeamBySlug, teamOfUser } from '../teams/repo.ts';

/** The statements (access requests) and statement_roles tables as the requests API needs them. */

type Db = Kysely<MetastoreSchema>;
type Row = Record<string, unknown>;

const finished = sql<number>`(case when s.state = 'open' then 0 else 1 end)`;

export async function rolesOfStatements(db: Db, ids: ReadonlyArray<number | string>) {
  const rows = await db
    .selectFrom('statement_roles as sr')
    .innerJoin('roles as r', 'r.id', 'sr.role_id')
    .select(['sr.statement_id', 'r.id', 'r.name'])
    .where('sr.statement_id', 'in', ids.map(Number))
    .orderBy(sql`lower(r.name)`)
    .execute();
  const byStatement = new Map<number | string, NamedRef[]>();
  for (const row of rows) {
    byStatement.set(row.statement_id, [
      ...(byStatement.get(row.statement_id) ?? []),
      { id: row.id, name: row.name },
    ]);
  }
  return byStatement;
}

function person(row: Row): StatementPerson {
  return {
    id: Number(row.user_id),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    email: String(row.email),
  };
}

/** `GET /api/v1/statement/`: filter by id, requester (ids) and state; open requests first by default. */
export const statementsList = defineList<MetastoreSchema>({
  title: 'List Statements',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in', 'eq_id_statement'], type: 'number' },
      user: { operators: ['rel_m_m', 'rel_o_m'], type: 'number' },
      state: { operators: ['eq', 'neq'], type: 'text' },
      finished: { operators: ['eq'], type: 'boolean' },
      team: { operators: ['ct', 'eq'], type: 'text' },
    },
    orderColumns: ['id', 'team', 'user', 'created_datetime', 'last_changed_datetime', 'finished', 'state'],
    listColumns: [
      'id',
      'user',
      'team',
      'team_slug',
      'is_new_team',
      'is_external',
      'request_roles.id',
      'request_roles.name',
      'state',
      'finished',
      'decision_comment',
      'created_datetime',
      'last_changed_datetime',
    ],
    defaultOrder: { column: 'finished', direction: 'asc' },
  },
  columns: {
    id: sql.ref('s.id'),
    user: sql`lower(u.first_name || ' ' || u.last_name)`,
    user_id: sql.ref('s.user_id'),
    first_name: sql.ref('u.first_name'),
    last_name: sql.ref('u.last_name'),
    email: sql.ref('u.email'),
    team: sql.ref('s.team'),
    team_slug: sql.ref('s.team_slug'),
    is_new_team: sql.ref('s.is_new_team'),
    is_external: sql.ref('s.is_external'),
    state: sql.ref('s.state'),
    finished,
    decision_comment: sql.ref('s.decision_comment'),
    created_datetime: sql.ref('s.created_on'),
    last_changed_datetime: sql.ref('s.changed_on'),
  },
  flags: ['is_new_team', 'is_external', 'finished'],
  relations: { request_roles: (db, ids) => rolesOfStatements(db, ids) },
  relationFilters: {
    user: (ids) => sql<SqlBool>`s.user_id in (${sql.join(ids)})`,
  },
  customOperators: {
    eq_id_statement: (filter) => sql<SqlBool>`s.id = ${Number(filter.value)}`,
  },
  derived: { user: person },
  labels: { finished: 'Closed', created_datetime: 'Request date' },
});

export function statementsListBase(db: Db) {
  return db.selectFrom('statements as s').innerJoin('users as u', 'u.id', 's.user_id');
}

export async function findStatement(db: Db, id: number): Promise<StatementListItem | undefined> {
  const row = await statementsListBase(db)
    .select([
      's.id',
      's.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      's.team',
      's.team_slug',
      's.is_new_team',
      's.is_external',
      's.state',
      's.decision_comment',
      's.created_on',
      's.changed_on',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    user: person(row),
    team: row.team,
    team_slug: row.team_slug,
    is_new_team: row.is_new_team === 1,
    is_external: row.is_external === 1,
    request_roles: (await rolesOfStatements(db, [id])).get(id) ?? [],
    state: row.state,
    finished: row.state !== 'open',
    decision_comment: row.decision_comment,
    created_datetime: row.created_on,
    last_changed_datetime: row.changed_on,
  };
}

/** A request with what an administrator needs to decide it: the requester now, the decider, the team. */
export async function findStatementDetail(db: Db, id: number): Promise<StatementDetail | undefined> {
  const statement = await findStatement(db, id);
  if (!statement) return undefined;
  const extra = await db
    .selectFrom('statements as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('user_info as ui', 'ui.user_id', 's.user_id')
    .leftJoin('users as d', 'd.id', 's.decided_by_fk')
    .select([
      'u.username',
      'u.preferred_language',
      'ui.dodo_role',
      's.decided_on',
      'd.id as decider_id',
      'd.first_name as decider_first_name',
      'd.last_name as decider_last_name',
      'd.email as decider_email',
    ])
    .where('s.id', '=', id)
    .executeTakeFirstOrThrow();
  const userId = statement.user.id;
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.name'])
    .where('ur.user_id', '=', userId)
    .orderBy(sql`lower(r.name)`)
    .execute();
  return {
    ...statement,
    requester: {
      ...statement.user,
      username: extra.username,
      dodo_role: extra.dodo_role ?? null,
      preferred_language: extra.preferred_language,
      roles,
      team: (await teamOfUser(db, userId)) ?? null,
    },
    decided_by:
      extra.decider_id == null
        ? null
        : {
            id: extra.decider_id,
            first_name: extra.decider_first_name ?? '',
            last_name: extra.decider_last_name ?? '',
            email: extra.decider_email ?? '',
          },
    decided_on: extra.decided_on,
    existing_team: (await findTeamBySlug(db, statement.team_slug)) ?? null,
  };
}

export async function openStatementOf(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('statements')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row?.id;
}

/** The person's own requests, newest first. */
/** The most requests the profile lists: a user's newest ones. */
export const USER_STATEMENTS_LIMIT = 100;

export async function statementsOfUser(db: Db, userId: number): Promise<StatementListItem[]> {
  const rows = await db
    .selectFrom('statements')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(USER_STATEMENTS_LIMIT)
    .execute();
  const found = await Promise.all(rows.map((row) => findStatement(db, row.id)));
  return found.filter((statement): statement is StatementListItem => statement !== undefined);
}

/** Writes a request and the roles it asks for; answers its id. */
export async function insertStatement(
  db: Db,
  row: Insertable<StatementsTable>,
  roleIds: readonly number[],
): Promise<number> {
  const { id } = await db.insertInto('statements').values(row).returning('id').executeTakeFirstOrThrow();
  if (roleIds.length > 0) {
    await db
      .insertInto('statement_roles')
      .values(roleIds.map((role_id) => ({ statement_id: id, role_id })))
      .execute();
  }
  return id;
}

/** Closes a request that is still open; false when someone closed it first. */
export async function closeOpenStatement(
  db: Db,
  id: number,
  decision: Updateable<StatementsTable>,
): Promise<boolean> {
  const closed = await db
    .updateTable('statements')
    .set(decision)
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

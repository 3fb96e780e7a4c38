import type { Dataset, DatasetRelatedObjects, ListQuery } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { accessibleDatabaseIds } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleCondition, visibleDataset } from './access.ts';
import { presentDataset } from './presenter.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Read use cases of the datasets API: list, show, related objects and the filter options. */

export async function listDatasets(db: Db, principal: Principal, query: ListQuery): Promise<ListResult> {
  const visible = await visibleCondition(db, principal);
  return runList(db, repo.datasetsListBase(db, visible), repo.datasetsList, query);
}

export async function showDataset(db: Db, dataset: repo.DatasetRow): Promise<Dataset> {
  return presentDataset(await repo.loadDatasetRecord(db, dataset));
}

export async function getDataset(db: Db, principal: Principal, idOrUuid: string): Promise<Dataset> {
  const id = /^\d+$/.test(idOrUuid) ? Number(idOrUuid) : (await repo.findDatasetRowByUuid(db, idOrUuid))?.id;
  if (id === undefined) throw new NotFoundError();
  return showDataset(db, await visibleDataset(db, principal, id));
}

export async function relatedObjects(
  db: Db,
  principal: Principal,
  idOrUuid: string,
): Promise<DatasetRelatedObjects> {
  const { id } = await getDataset(db, principal, idOrUuid);
  const charts = await repo.chartsOfDataset(db, id);
  const dashboards = await repo.dashboardsOfCharts(
    db,
    charts.map((chart) => chart.id),
  );
  return {
    charts: { count: charts.length, result: charts },
    dashboards: { count: dashboards.length, result: dashboards },
  };
}

export async function distinctSchemas(
  db: Db,
  principal: Principal,
  args: { filter: string; page: number; pageSize: number },
): Promise<{ count: number; result: Array<{ text: string; value: string }> }> {
  const visible = await visibleCondition(db, principal);
  const { count, values } = await repo.distinctSchemas(db, visible, args.filter, args.page, args.pageSize);
  return { count, result: values.map((value) => ({ text: value, value })) };
}

export interface RelatedOption {
  value: number;
  text: string;
  extra?: Record<string, unknown>;
}

/** `GET /related/<field>`: the users (owners, changed_by, created_by) or databases a filter offers. */
export async function relatedOptions(
  db: Db,
  principal: Principal,
  field: string,
  args: { filter: string; page: number; pageSize: number; includeIds: number[] },
): Promise<{ count: number; result: RelatedOption[] }> {
  const pattern = `%${args.filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let options: RelatedOption[];
  if (field === 'database') {
    const ids = await accessibleDatabaseIds(db, principal);
    options = (await repo.databasesNamedLike(db, pattern, ids)).map((row) => ({
      value: row.id,
      text: row.database_name,
    }));
  } else if (field === 'owners' || field === 'changed_by' || field === 'created_by') {
    // Anyone who may pick an owner sees people's names; e-mail addresses and usernames (often the
    // address too) are an administrator's to see and to search by.
    const rows = await repo.usersNamedLike(db, pattern, principal.isAdmin);
    options = rows.map((row) => ({
      value: row.id,
      text: `${row.first_name} ${row.last_name}`.trim(),
      extra: principal.isAdmin
        ? { email: row.email, active: row.active === 1 }
        : { active: row.active === 1 },
    }));
  } else {
    throw new NotFoundError();
  }
  const included = options.filter((option) => args.includeIds.includes(option.value));
  const rest = options.filter((option) => !args.includeIds.includes(option.value));
  const page = rest.slice(args.page * args.pageSize, (args.page + 1) * args.pageSize);
  return { count: options.length, result: args.page === 0 ? [...included, ...page] : page };
}

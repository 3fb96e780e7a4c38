import type { ExplorePermalinkState } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import type { Kysely } from 'kysely';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import * as charts from '../charts/repo.ts';
import { createEntry, readEntry } from '../keyValue/repo.ts';
import { accessibleDatasetOrMissing, checkChartAccess, parseDatasourceKey } from './access.ts';

/**
 * Explore permalinks (Superset's ExplorePermalinkRestApi): the form data and URL parameters of an
 * explore view stored under an unguessable key. Both storing and reading one check that the caller may
 * open its chart and query its dataset.
 */

type Db = Kysely<MetastoreSchema>;

const DATASET_TYPES = new Set(['table', 'dataset', 'view']);

export interface PermalinkInput {
  formData?: unknown;
  urlParams?: unknown;
}

function urlParamsOf(value: unknown): Array<[string, string]> | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return null;
  const pairs: Array<[string, string]> = [];
  for (const pair of value) {
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((part) => typeof part === 'string'))
      return null;
    pairs.push([pair[0] as string, pair[1] as string]);
  }
  return pairs;
}

/** Checks the state's chart and dataset for the caller: 404 when either is gone, 403 without access. */
async function checkStateAccess(
  db: Db,
  principal: Principal,
  datasource: { id: number; type: string },
  chartId: number | null,
): Promise<void> {
  const dataset = DATASET_TYPES.has(datasource.type)
    ? await accessibleDatasetOrMissing(
        db,
        principal,
        datasource.id,
        () => new ForbiddenError("You don't have access to this dataset."),
      )
    : undefined;
  if (!dataset) throw new NotFoundError('Dataset does not exist');
  if (chartId === null) return;
  if (!(await charts.findSlice(db, chartId))) throw new NotFoundError('Chart not found.');
  await checkChartAccess(db, principal, chartId);
}

export async function createExplorePermalink(
  db: Db,
  principal: Principal,
  input: PermalinkInput,
): Promise<string> {
  if (!isRecord(input.formData)) {
    throw new BadRequestError({
      formData: [
        input.formData === undefined ? 'Missing data for required field.' : 'Not a valid mapping type.',
      ],
    });
  }
  const urlParams = urlParamsOf(input.urlParams);
  if (urlParams === null)
    throw new BadRequestError({ urlParams: ['Must be a list of [name, value] pairs.'] });
  const datasource = parseDatasourceKey(input.formData.datasource);
  if (!datasource) {
    throw new BadRequestError({ formData: ['The dataset associated with this chart no longer exists'] });
  }
  const sliceId = input.formData.slice_id;
  const chartId =
    typeof sliceId === 'number' && Number.isSafeInteger(sliceId) && sliceId > 0 ? sliceId : null;
  await checkStateAccess(db, principal, datasource, chartId);
  const value: ExplorePermalinkState = {
    chartId,
    datasourceId: datasource.id,
    datasourceType: datasource.type,
    datasource: `${datasource.id}__${datasource.type}`,
    state: { formData: input.formData, ...(urlParams && { urlParams }) },
  };
  return createEntry(db, { resource: 'explore_permalink', value, createdBy: principal.id });
}

/** The stored state without access checks (callers check), or undefined when the key names none. */
export async function readExplorePermalink(db: Db, key: string): Promise<ExplorePermalinkState | undefined> {
  const value = await readEntry(db, 'explore_permalink', key);
  if (!isRecord(value) || !isRecord(value.state) || !isRecord(value.state.formData)) return undefined;
  return value as unknown as ExplorePermalinkState;
}

export async function getExplorePermalink(
  db: Db,
  principal: Principal,
  key: string,
): Promise<ExplorePermalinkState> {
  const value = await readExplorePermalink(db, key);
  if (!value) throw new NotFoundError();
  await checkStateAccess(
    db,
    principal,
    { id: value.datasourceId, type: value.datasourceType },
    value.chartId,
  );
  return value;
}

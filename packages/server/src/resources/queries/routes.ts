import {
  QueryItemResponse,
  QueryListResponse,
  QueryUpdatedSinceQuerystring,
  QueryUpdatedSinceResponse,
} from '@vitrina/common/api/queries';
import { IdParams } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { ListQuerystring, parseListArgument, runList } from '../../http/listEndpoint.ts';
import { risonArgs } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  findById,
  parseQueryExtra,
  queriesBase,
  queriesChangedSince,
  queriesList,
  queryDict,
  seesAllQueries,
} from './repo.ts';

/**
 * `/api/v1/query/` (Superset's QueryRestApi, permission class `Query`): query history, one query,
 * the polling channel `updated_since`, and stop (with the legacy `/superset/stop_query/`).
 */

/**
 * The most queries one poll answers: the newest changes, so a query that finishes is always in the next
 * answer however many others its user ran since the poll's start.
 */
export const UPDATED_SINCE_LIMIT = 1000;

export const queryRoutes: RouteModule = async (app, ctx) => {
  const tags = ['Queries'];
  const canRead = { access: access.can('can_read', 'Query') };
  const db = ctx.metastore.db;

  app.get(
    '/api/v1/query/',
    {
      config: canRead,
      schema: {
        tags,
        querystring: ListQuerystring,
        response: { 200: QueryListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runList(
        db,
        queriesBase(db, request.principal!),
        queriesList,
        parseListArgument(request.query.q, queriesList),
      ),
  );

  app.get(
    '/api/v1/query/updated_since',
    {
      config: canRead,
      schema: {
        tags,
        querystring: QueryUpdatedSinceQuerystring,
        response: { 200: QueryUpdatedSinceResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const since = risonArgs(request.query.q).last_updated_ms;
      if (typeof since !== 'number')
        throw new BadRequestError('last_updated_ms: Missing data for required field.');
      const sinceDate = new Date(since);
      if (Number.isNaN(sinceDate.getTime()))
        throw new BadRequestError('last_updated_ms: Not a valid timestamp.');
      const rows = await queriesChangedSince(db, request.principal!.id, sinceDate, UPDATED_SINCE_LIMIT);
      return { result: await Promise.all(rows.map((row) => queryDict(db, row))) };
    },
  );

  app.get(
    '/api/v1/query/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        response: { 200: QueryItemResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const row = await findById(db, request.params.id);
      if (!row || (!seesAllQueries(principal) && row.user_id !== principal.id)) throw new NotFoundError();
      return {
        id: row.id,
        result: {
          id: row.id,
          client_id: row.client_id,
          changed_on: row.changed_on,
          database: { id: row.database_id },
          catalog: row.catalog,
          schema: row.schema,
          sql: row.sql,
          select_sql: row.select_sql,
          executed_sql: row.executed_sql,
          limit: row.limit,
          progress: row.progress,
          rows: row.rows,
          error_message: row.error_message,
          results_key: row.results_key,
          status: row.status,
          tab_name: row.tab_name,
          sql_editor_id: row.sql_editor_id,
          tmp_schema_name: row.tmp_schema_name,
          tmp_table_name: row.tmp_table_name,
          select_as_cta: row.select_as_cta === 1,
          select_as_cta_used: row.select_as_cta_used === 1,
          start_time: row.start_time,
          start_running_time: row.start_running_time,
          end_time: row.end_time,
          end_result_backend_time: row.end_result_backend_time,
          tracking_url: row.tracking_url,
          extra: parseQueryExtra(row.extra_json) as Record<string, unknown>,
        },
      };
    },
  );
};

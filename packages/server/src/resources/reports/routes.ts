import { ListQuerystring } from '@vitrina/common/api/list';
import {
  ReportCreateBody,
  ReportListResponse,
  ReportLogListResponse,
  ReportLogParams,
  ReportLogShowResponse,
  ReportSendNowResponse,
  ReportShowResponse,
  ReportUpdateBody,
  ReportWriteResponse,
} from '@vitrina/common/api/report';
import {
  errorResponses,
  IdParams,
  InfoResponse,
  MessageResponse,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { NotFoundError } from '../../http/errors.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { idsArgument, infoArguments, relatedArguments } from '../../http/risonArguments.ts';
import type { RouteModule } from '../../http/types.ts';
import { infoResponse } from '../charts/info.ts';
import { relatedOptions } from '../datasets/reads.ts';
import { REPORT_INFO } from './info.ts';
import { getExecutionLog, listExecutionLogs } from './logs.ts';
import { executionLogList } from './repo.ts';
import { sendNowToCaller } from './sendNow.ts';
import * as service from './service.ts';

/**
 * `/api/v1/report/` (Superset's ReportScheduleRestApi, class permission `ReportSchedule`). With the
 * ALERT_REPORTS feature flag off none of these routes exists, so each answers 404 as in Superset,
 * where the API is not registered at all.
 */

export const ALERT_REPORTS_FLAG = 'ALERT_REPORTS';
const errors = errorResponses(400, 401, 403, 404, 422);
const RELATED_FIELDS = new Set(['owners', 'created_by', 'changed_by', 'database']);

export const reportRoutes: RouteModule = (app, ctx) => {
  if (ctx.config.featureFlags[ALERT_REPORTS_FLAG] !== true) return;
  const db = ctx.metastore.db;
  const tags = ['Report Schedules'];
  const canRead = { access: access.can('can_read', 'ReportSchedule') };
  const canWrite = { access: access.can('can_write', 'ReportSchedule') };
  const base = '/api/v1/report/';

  app.get(
    base,
    {
      config: canRead,
      schema: {
        tags,
        summary: 'Alerts and reports the caller owns or created (all of them with access to all data)',
        querystring: ListQuerystring,
        response: { 200: ReportListResponse, ...errors },
      },
    },
    async (request) => service.listReports(db, request.principal!, request.query.q),
  );

  app.get(
    `${base}_info`,
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: InfoResponse, ...errors } },
    },
    async (request) => infoResponse(request.principal!, REPORT_INFO, infoArguments(request.query.q)),
  );

  app.get(
    `${base}related/:field`,
    {
      config: canRead,
      schema: {
        tags,
        params: RelatedParams,
        querystring: ListQuerystring,
        response: { 200: RelatedResponse, ...errors },
      },
    },
    async (request) => {
      if (!RELATED_FIELDS.has(request.params.field)) throw new NotFoundError();
      return relatedOptions(db, request.principal!, request.params.field, relatedArguments(request.query.q));
    },
  );

  app.get(
    `${base}:id`,
    {
      config: canRead,
      schema: { tags, params: IdParams, response: { 200: ReportShowResponse, ...errors } },
    },
    async (request) => ({
      id: request.params.id,
      result: await service.getReport(db, request.principal!, request.params.id),
    }),
  );

  app.post(
    base,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Creates an alert or a report, with its owners and recipients',
        body: ReportCreateBody,
        response: { 201: ReportWriteResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createReport(ctx, request.principal!, request.body)),
  );

  app.put(
    `${base}:id`,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Edits a schedule: every field, or only some (e.g. {"active": false})',
        params: IdParams,
        body: ReportUpdateBody,
        response: { 200: ReportWriteResponse, ...errors },
      },
    },
    async (request) => service.updateReport(ctx, request.principal!, request.params.id, request.body),
  );

  app.delete(
    `${base}:id`,
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await service.deleteReports(db, request.principal!, [request.params.id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    base,
    {
      config: canWrite,
      schema: { tags, querystring: ListQuerystring, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const count = await service.deleteReports(db, request.principal!, idsArgument(request.query.q));
      return { message: `Deleted ${count} report schedule${count === 1 ? '' : 's'}` };
    },
  );

  app.post(
    `${base}:id/send_now/`,
    {
      config: canWrite,
      schema: {
        tags,
        summary: "Ours, not Superset's: mails the schedule's content to the caller now, and logs the run",
        params: IdParams,
        response: { 200: ReportSendNowResponse, ...errors },
      },
    },
    async (request) => sendNowToCaller(ctx, request.principal!, request.params.id),
  );

  app.get(
    `${base}:id/log/`,
    {
      config: canRead,
      schema: {
        tags,
        params: IdParams,
        querystring: ListQuerystring,
        response: { 200: ReportLogListResponse, ...errors },
      },
    },
    async (request) =>
      listExecutionLogs(
        db,
        request.principal!,
        request.params.id,
        parseListArgument(request.query.q, executionLogList),
      ),
  );

  app.get(
    `${base}:id/log/:log_id`,
    {
      config: canRead,
      schema: { tags, params: ReportLogParams, response: { 200: ReportLogShowResponse, ...errors } },
    },
    async (request) => ({
      id: request.params.log_id,
      result: await getExecutionLog(db, request.principal!, request.params.id, request.params.log_id),
    }),
  );
};

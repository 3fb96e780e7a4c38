import {
  AnnotationItemResponse,
  AnnotationLayerItemResponse,
  AnnotationLayerListResponse,
  AnnotationLayerPkParams,
  AnnotationLayerWriteBody,
  AnnotationListResponse,
  AnnotationParams,
  AnnotationWriteBody,
  AnnotationWriteResponse,
} from '@vitrina/common/api/annotationLayer';
import { ListQuerystring } from '@vitrina/common/api/list';
import {
  IdParams,
  InfoResponse,
  MessageResponse as Message,
  RelatedParams,
  RelatedResponse,
} from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { NotFoundError } from '../../http/errors.ts';
import { parseListArgument } from '../../http/listEndpoint.ts';
import { idsArgument, infoArguments, relatedArguments } from '../../http/risonArguments.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { infoResponse } from '../charts/info.ts';
import { relatedOptions } from '../datasets/reads.ts';
import { parseAnnotationInput, parseLayerInput } from './input.ts';
import { annotationsList, layersList } from './repo.ts';
import * as service from './service.ts';

/**
 * `/api/v1/annotation_layer/` and `/api/v1/annotation_layer/{pk}/annotation/` (Superset's
 * AnnotationLayerRestApi and AnnotationRestApi; class permission `Annotation`, Alpha and Admin).
 */

const errors = errorResponses(400, 401, 403, 404, 422);
const RELATED_FIELDS = new Set(['created_by', 'changed_by']);

const LAYER_INFO_FIELDS = [
  { name: 'name', label: 'Name', description: '', required: true, type: 'String' },
  { name: 'descr', label: 'Description', description: '', required: false, type: 'String' },
];

const ANNOTATION_INFO_FIELDS = [
  { name: 'short_descr', label: 'Short Descr', description: '', required: true, type: 'String' },
  { name: 'long_descr', label: 'Long Descr', description: '', required: false, type: 'String' },
  { name: 'start_dttm', label: 'Start', description: '', required: true, type: 'DateTime' },
  { name: 'end_dttm', label: 'End', description: '', required: true, type: 'DateTime' },
  { name: 'json_metadata', label: 'JSON Metadata', description: '', required: false, type: 'String' },
];

const plural = (count: number, one: string, many: string) => `Deleted ${count} ${count === 1 ? one : many}`;

export const annotationLayerRoutes: RouteModule = (app, ctx) => {
  const db = ctx.metastore.db;
  const tags = ['Annotation Layers'];
  const canRead = { access: access.can('can_read', 'Annotation') };
  const canWrite = { access: access.can('can_write', 'Annotation') };
  const base = '/api/v1/annotation_layer/';
  const annotations = `${base}:pk/annotation/`;

  app.get(
    base,
    {
      config: canRead,
      schema: {
        tags,
        summary: 'Annotation layers, filtered, ordered and paged by a rison q',
        querystring: ListQuerystring,
        response: { 200: AnnotationLayerListResponse, ...errors },
      },
    },
    async (request) => service.listLayers(db, parseListArgument(request.query.q, layersList)),
  );

  app.get(
    `${base}_info`,
    {
      config: canRead,
      schema: { tags, querystring: ListQuerystring, response: { 200: InfoResponse, ...errors } },
    },
    async (request) =>
      infoResponse(
        request.principal!,
        {
          view: 'Annotation',
          spec: layersList.spec,
          fields: LAYER_INFO_FIELDS,
          addTitle: 'Add Annotation Layer',
          editTitle: 'Edit Annotation Layer',
        },
        infoArguments(request.query.q),
      ),
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
      schema: { tags, params: IdParams, response: { 200: AnnotationLayerItemResponse, ...errors } },
    },
    async (request) => ({ id: request.params.id, result: await service.getLayer(db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Creates a layer: name (1–250 characters, unique) and descr',
        body: AnnotationLayerWriteBody,
        response: { 201: AnnotationWriteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const input = parseLayerInput(request.body, true);
      const id = await service.createLayer(db, request.principal!, input);
      return reply.code(201).send({ id, result: { ...input } });
    },
  );

  app.put(
    `${base}:id`,
    {
      config: canWrite,
      schema: {
        tags,
        params: IdParams,
        body: AnnotationLayerWriteBody,
        response: { 200: AnnotationWriteResponse, ...errors },
      },
    },
    async (request) => {
      const input = parseLayerInput(request.body, false);
      await service.updateLayer(db, request.principal!, request.params.id, input);
      return { id: request.params.id, result: { ...input, layer: request.params.id } };
    },
  );

  app.delete(
    `${base}:id`,
    {
      config: canWrite,
      schema: { tags, params: IdParams, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await service.deleteLayers(db, [request.params.id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    base,
    {
      config: canWrite,
      schema: { tags, querystring: ListQuerystring, response: { 200: Message, ...errors } },
    },
    async (request) => {
      const ids = [...new Set(idsArgument(request.query.q))];
      await service.deleteLayers(db, ids);
      return { message: plural(ids.length, 'annotation layer', 'annotation layers') };
    },
  );

  app.get(
    `${annotations}_info`,
    {
      config: canRead,
      schema: {
        tags,
        params: AnnotationLayerPkParams,
        querystring: ListQuerystring,
        response: { 200: InfoResponse, ...errors },
      },
    },
    async (request) =>
      infoResponse(
        request.principal!,
        {
          view: 'Annotation',
          spec: annotationsList.spec,
          fields: ANNOTATION_INFO_FIELDS,
          addTitle: 'Add Annotation',
          editTitle: 'Edit Annotation',
        },
        infoArguments(request.query.q),
      ),
  );

  app.get(
    annotations,
    {
      config: canRead,
      schema: {
        tags,
        summary: "A layer's annotations, filtered, ordered and paged by a rison q",
        params: AnnotationLayerPkParams,
        querystring: ListQuerystring,
        response: { 200: AnnotationListResponse, ...errors },
      },
    },
    async (request) =>
      service.listAnnotations(db, request.params.pk, parseListArgument(request.query.q, annotationsList)),
  );

  app.get(
    `${annotations}:annotation_id`,
    {
      config: canRead,
      schema: { tags, params: AnnotationParams, response: { 200: AnnotationItemResponse, ...errors } },
    },
    async (request) => ({
      id: request.params.annotation_id,
      result: await service.getAnnotation(db, request.params.pk, request.params.annotation_id),
    }),
  );

  app.post(
    annotations,
    {
      config: canWrite,
      schema: {
        tags,
        summary: 'Adds an annotation: short_descr, long_descr, start_dttm, end_dttm, json_metadata',
        params: AnnotationLayerPkParams,
        body: AnnotationWriteBody,
        response: { 201: AnnotationWriteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const input = parseAnnotationInput(request.body, true);
      const id = await service.createAnnotation(db, request.principal!, request.params.pk, input);
      return reply.code(201).send({ id, result: service.echoAnnotation(input, request.params.pk) });
    },
  );

  app.put(
    `${annotations}:annotation_id`,
    {
      config: canWrite,
      schema: {
        tags,
        params: AnnotationParams,
        body: AnnotationWriteBody,
        response: { 200: AnnotationWriteResponse, ...errors },
      },
    },
    async (request) => {
      const { pk, annotation_id: id } = request.params;
      const input = parseAnnotationInput(request.body, false);
      await service.updateAnnotation(db, request.principal!, pk, id, input);
      return { id, result: service.echoAnnotation(input, pk) };
    },
  );

  app.delete(
    `${annotations}:annotation_id`,
    {
      config: canWrite,
      schema: { tags, params: AnnotationParams, response: { 200: Message, ...errors } },
    },
    async (request) => {
      await service.deleteAnnotations(db, request.params.pk, [request.params.annotation_id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    annotations,
    {
      config: canWrite,
      schema: {
        tags,
        params: AnnotationLayerPkParams,
        querystring: ListQuerystring,
        response: { 200: Message, ...errors },
      },
    },
    async (request) => {
      const ids = [...new Set(idsArgument(request.query.q))];
      await service.deleteAnnotations(db, request.params.pk, ids);
      return { message: plural(ids.length, 'annotation', 'annotations') };
    },
  );
};

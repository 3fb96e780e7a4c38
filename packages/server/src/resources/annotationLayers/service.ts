import type { ListQuery } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { BadRequestError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import type { Principal } from '../../security/principal.ts';
import type { AnnotationInput, LayerInput } from './input.ts';
import * as repo from './repo.ts';

/**
 * Annotation layers and their annotations (Superset's annotation_layers commands): any holder of
 * (can_write, Annotation) may change any layer, as in Superset, where they have no owners. A layer's name
 * is unique; an annotation's short description is unique in its layer, and it ends no earlier than it
 * starts.
 */

type Db = Kysely<MetastoreSchema>;

const NAME_TAKEN = { name: ['Name must be unique'] };
const SHORT_DESCR_TAKEN = { short_descr: ['Short description must be unique for this layer'] };
const END_BEFORE_START = { start_dttm: ['End date must be after start date'] };

/** A write that lost a race with another of the same name answers as the check before it would. */
async function unique<T>(write: () => Promise<T>, taken: Record<string, string[]>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationColumns(error) !== undefined) throw new UnprocessableError(taken);
    throw error;
  }
}

export function listLayers(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.layersBase(db), repo.layersList, query);
}

export async function getLayer(db: Db, id: number) {
  const layer = await repo.findLayer(db, id);
  if (!layer) throw new NotFoundError();
  return layer;
}

export async function createLayer(db: Db, principal: Principal, input: LayerInput): Promise<number> {
  const name = input.name!;
  if ((await repo.layerIdByName(db, name)) !== undefined) throw new UnprocessableError(NAME_TAKEN);
  return unique(
    () =>
      repo.insertLayer(db, {
        name,
        descr: input.descr ?? null,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      }),
    NAME_TAKEN,
  );
}

export async function updateLayer(
  db: Db,
  principal: Principal,
  id: number,
  input: LayerInput,
): Promise<void> {
  await getLayer(db, id);
  if (input.name !== undefined && (await repo.layerIdByName(db, input.name, id)) !== undefined) {
    throw new UnprocessableError(NAME_TAKEN);
  }
  await unique(() => repo.updateLayer(db, id, { ...input, changed_by_fk: principal.id }), NAME_TAKEN);
}

/** Deletes layers: all or none; a missing one is a 404, one with annotations a 422. */
export async function deleteLayers(db: Db, ids: number[]): Promise<void> {
  const distinct = [...new Set(ids)];
  if ((await repo.existingLayerIds(db, distinct)).length !== distinct.length) throw new NotFoundError();
  if (await repo.anyLayerHasAnnotations(db, distinct)) {
    throw new UnprocessableError('Annotation layer has associated annotations.');
  }
  await repo.deleteLayers(db, distinct);
}

export function listAnnotations(db: Db, layerId: number, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.annotationsBase(db, layerId), repo.annotationsList, query);
}

export async function getAnnotation(db: Db, layerId: number, id: number) {
  const row = await repo.findAnnotation(db, layerId, id);
  if (!row) throw new NotFoundError();
  return {
    id: row.id,
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    start_dttm: repo.presentTime(row.start_dttm),
    end_dttm: repo.presentTime(row.end_dttm),
    json_metadata: row.json_metadata,
    layer: { id: row.layer_id, name: row.layer_name },
  };
}

/** An annotation's fields as a write echoes them (times as Superset writes naive datetimes). */
export function echoAnnotation(input: AnnotationInput, layerId: number): Record<string, unknown> {
  return {
    ...input,
    ...(input.start_dttm !== undefined && { start_dttm: repo.presentTime(input.start_dttm) }),
    ...(input.end_dttm !== undefined && { end_dttm: repo.presentTime(input.end_dttm) }),
    layer: layerId,
  };
}

async function checkAnnotation(
  db: Db,
  layerId: number,
  input: AnnotationInput,
  current?: { id: number; start_dttm: string; end_dttm: string },
): Promise<void> {
  const start = input.start_dttm ?? current?.start_dttm;
  const end = input.end_dttm ?? current?.end_dttm;
  if (start !== undefined && end !== undefined && end < start) throw new UnprocessableError(END_BEFORE_START);
  if (
    input.short_descr !== undefined &&
    (await repo.annotationIdByShortDescr(db, layerId, input.short_descr, current?.id)) !== undefined
  ) {
    throw new UnprocessableError(SHORT_DESCR_TAKEN);
  }
}

export async function createAnnotation(
  db: Db,
  principal: Principal,
  layerId: number,
  input: AnnotationInput,
): Promise<number> {
  if (!(await repo.findLayer(db, layerId))) throw new BadRequestError('Annotation layer not found.');
  await checkAnnotation(db, layerId, input);
  return unique(
    () =>
      repo.insertAnnotation(db, {
        layer_id: layerId,
        short_descr: input.short_descr!,
        long_descr: input.long_descr ?? null,
        start_dttm: input.start_dttm!,
        end_dttm: input.end_dttm!,
        json_metadata: input.json_metadata ?? null,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      }),
    SHORT_DESCR_TAKEN,
  );
}

export async function updateAnnotation(
  db: Db,
  principal: Principal,
  layerId: number,
  id: number,
  input: AnnotationInput,
): Promise<void> {
  const current = await repo.findAnnotation(db, layerId, id);
  if (!current) throw new NotFoundError();
  await checkAnnotation(db, layerId, input, current);
  await unique(
    () => repo.updateAnnotation(db, id, { ...input, changed_by_fk: principal.id }),
    SHORT_DESCR_TAKEN,
  );
}

/** Deletes a layer's annotations: all or none; one that is missing (or another layer's) is a 404. */
export async function deleteAnnotations(db: Db, layerId: number, ids: number[]): Promise<void> {
  const distinct = [...new Set(ids)];
  if ((await repo.existingAnnotationIds(db, layerId, distinct)).length !== distinct.length) {
    throw new NotFoundError();
  }
  await repo.deleteAnnotations(db, layerId, distinct);
}

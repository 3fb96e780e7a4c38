import { parseTaggedObjectType, type TaggedObjectType } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { BadRequestError } from '../../http/errors.ts';

/**
 * The write bodies of the tag API, checked as Superset's marshmallow schemas check them (TagPostSchema,
 * TagPostBulkSchema): a problem is a 400 naming each field with Superset's messages.
 */

type Problems = Record<string, string[]>;

export const NAME_MAX = 250;

export interface ObjectRef {
  type: TaggedObjectType;
  id: number;
}

export interface TagInput {
  name: string;
  description?: string | null;
  /** Undefined when the body has no `objects_to_tag`. */
  objects?: ObjectRef[];
}

const TAG_FIELDS = new Set(['name', 'description', 'objects_to_tag']);

/** A tag name as stored: trimmed, 1–250 characters; the problem's message otherwise. */
export function checkTagName(value: unknown): { name: string } | { problem: string } {
  if (typeof value !== 'string') return { problem: 'Not a valid string.' };
  const name = value.trim();
  if (name.length < 1 || name.length > NAME_MAX)
    return { problem: `Length must be between 1 and ${NAME_MAX}.` };
  return { name };
}

function objectsToTag(value: unknown, problems: Problems, field: string): ObjectRef[] | undefined {
  if (!Array.isArray(value)) {
    problems[field] = ['Not a valid list.'];
    return undefined;
  }
  const objects: ObjectRef[] = [];
  value.forEach((pair, index) => {
    const type =
      Array.isArray(pair) && pair.length === 2 ? parseTaggedObjectType(String(pair[0])) : undefined;
    const id = Array.isArray(pair) ? pair[1] : undefined;
    if (type === undefined || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      problems[`${field}.${index}`] = [
        'Each object must be a pair of a type (query, chart, dashboard, dataset) and an id of 1 or more.',
      ];
    } else {
      objects.push({ type, id });
    }
  });
  return objects;
}

/** A tag's POST or PUT body (TagPostSchema / TagPutSchema). */
export function parseTagInput(body: unknown, field = ''): TagInput {
  const problems: Problems = {};
  const input = readTag(body, problems, field);
  if (Object.keys(problems).length > 0 || !input) throw new BadRequestError(problems);
  return input;
}

function readTag(body: unknown, problems: Problems, prefix: string): TagInput | undefined {
  const at = (name: string) => `${prefix}${name}`;
  if (!isRecord(body)) {
    problems[at('_schema')] = ['Invalid input type.'];
    return undefined;
  }
  for (const name of Object.keys(body)) if (!TAG_FIELDS.has(name)) problems[at(name)] = ['Unknown field.'];
  let name: string | undefined;
  if (body.name === undefined) problems[at('name')] = ['Missing data for required field.'];
  else if (body.name === null) problems[at('name')] = ['Field may not be null.'];
  else {
    const checked = checkTagName(body.name);
    if ('problem' in checked) problems[at('name')] = [checked.problem];
    else name = checked.name;
  }
  const description = body.description;
  if (description !== undefined && description !== null && typeof description !== 'string') {
    problems[at('description')] = ['Not a valid string.'];
  }
  const objects =
    body.objects_to_tag === undefined
      ? undefined
      : objectsToTag(body.objects_to_tag, problems, at('objects_to_tag'));
  if (name === undefined) return undefined;
  return {
    name,
    ...(description !== undefined && { description: description as string | null }),
    ...(objects !== undefined && { objects }),
  };
}

/** `POST /api/v1/tag/bulk_create` body: `{tags: [{name, description?, objects_to_tag?}]}`. */
export function parseBulkCreate(body: unknown): TagInput[] {
  const problems: Problems = {};
  if (!isRecord(body) || !Array.isArray(body.tags)) {
    throw new BadRequestError({
      tags: [
        isRecord(body) && body.tags === undefined ? 'Missing data for required field.' : 'Not a valid list.',
      ],
    });
  }
  for (const name of Object.keys(body)) if (name !== 'tags') problems[name] = ['Unknown field.'];
  const tags = body.tags.map((tag, index) => readTag(tag, problems, `tags.${index}.`));
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return tags as TagInput[];
}

/** Superset's answer to a tagging call without `properties.tags`. */
export const MISSING_TAGS = "Missing required field 'tags' in 'properties'";

/** `POST /api/v1/tag/{type}/{id}/` body `{properties: {tags: [names]}}`: the names, trimmed, each once. */
export function parseObjectTags(body: unknown): string[] {
  const tags = isRecord(body) && isRecord(body.properties) ? body.properties.tags : undefined;
  if (!Array.isArray(tags)) throw new BadRequestError(MISSING_TAGS);
  const names: string[] = [];
  const problems: string[] = [];
  for (const value of tags) {
    const checked = checkTagName(value);
    if ('problem' in checked) problems.push(checked.problem);
    else if (!names.includes(checked.name)) names.push(checked.name);
  }
  if (problems.length > 0) throw new BadRequestError({ tags: [...new Set(problems)] });
  return names;
}

import type { TaggedObject, TaggedObjectType, TagWriteRequest } from '@vitrina/common';

/** The Tags screen's form: a tag's name and description, and what to tag, as the modal edits them. */

/** A chosen object as an antd select holds it (labelInValue): its id and its name. */
export interface PickedObject {
  value: number;
  label: string;
}

export interface TagFormValues {
  name: string;
  description: string;
  dashboards: PickedObject[];
  charts: PickedObject[];
  queries: PickedObject[];
}

/** The kinds the modal picks, Superset's TagModal's three, by the tag API's object type names. */
export const PICKED_KINDS = [
  { field: 'dashboards', type: 'dashboard' },
  { field: 'charts', type: 'chart' },
  { field: 'queries', type: 'query' },
] as const satisfies ReadonlyArray<{ field: keyof TagFormValues; type: TaggedObjectType }>;

export const EMPTY_TAG_FORM: TagFormValues = {
  name: '',
  description: '',
  dashboards: [],
  charts: [],
  queries: [],
};

/** The form's values for a tag and what carries it (get_objects); objects the modal does not pick are left out. */
export function tagFormValues(
  tag: { name: string; description: string | null },
  objects: readonly TaggedObject[],
): TagFormValues {
  const picked = (type: TaggedObjectType) =>
    objects
      .filter((object) => object.type === type)
      .map((object) => ({ value: object.id, label: object.name }));
  return {
    name: tag.name,
    description: tag.description ?? '',
    dashboards: picked('dashboard'),
    charts: picked('chart'),
    queries: picked('query'),
  };
}

/**
 * The POST or PUT body. `objects_to_tag` becomes everything that carries the tag, so objects the modal
 * cannot pick (datasets) are sent back as they were, and a new tag with nothing chosen sends no list, so a
 * name that already exists keeps what carries it.
 */
export function tagWriteRequest(
  values: TagFormValues,
  kept: readonly Pick<TaggedObject, 'type' | 'id'>[] = [],
  creating = false,
): TagWriteRequest {
  const objects: Array<[string, number]> = [
    ...PICKED_KINDS.flatMap(({ field, type }) =>
      values[field].map((object): [string, number] => [type, object.value]),
    ),
    ...kept
      .filter((object) => !PICKED_KINDS.some((kind) => kind.type === object.type))
      .map((object): [string, number] => [object.type, object.id]),
  ];
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    ...(!creating || objects.length > 0 ? { objects_to_tag: objects } : {}),
  };
}

/**
 * What can carry a tag, by Superset's ObjectType names and numbers (`superset/tags/models.py`): path
 * parameters of the tagging calls take the number, bodies and `types=` take the name. The web app's own
 * name for a saved query, `saved_query`, is accepted too, as Superset's frontend maps it to 1.
 */
export const TAGGED_OBJECT_TYPES = { query: 1, chart: 2, dashboard: 3, dataset: 4 } as const;
export type TaggedObjectType = keyof typeof TAGGED_OBJECT_TYPES;

export const TAGGED_OBJECT_TYPE_NAMES = Object.keys(TAGGED_OBJECT_TYPES) as TaggedObjectType[];

/** Superset's TagType numbers; only custom tags are made and shown by Vitrina. */
export const TAG_TYPES = { custom: 1, type: 2, owner: 3, favorited_by: 4 } as const;
export type TagTypeName = keyof typeof TAG_TYPES;

const ALIASES: Readonly<Record<string, TaggedObjectType>> = { saved_query: 'query' };

/** An object type from a path segment or a body: its number ('2') or its name ('chart'); undefined otherwise. */
export function parseTaggedObjectType(raw: string | number): TaggedObjectType | undefined {
  const text = String(raw).trim();
  if (/^\d+$/.test(text)) {
    return TAGGED_OBJECT_TYPE_NAMES.find((name) => TAGGED_OBJECT_TYPES[name] === Number(text));
  }
  if (Object.hasOwn(ALIASES, text)) return ALIASES[text];
  return (TAGGED_OBJECT_TYPE_NAMES as readonly string[]).includes(text)
    ? (text as TaggedObjectType)
    : undefined;
}

/**
 * The contract of `GET /api/v1/search/`: one search over dashboards, charts, datasets (with their
 * columns' and metrics' verbose names), saved queries, databases and tags, by English and Russian titles and
 * descriptions, ranked (common/src/search/rank.ts) and limited to what the caller may open.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './shared.ts';

export const SearchQuerystring = Type.Object({
  q: Type.Optional(
    Type.String({
      description:
        "Rison: (query:'…',limit:5,kinds:!(dashboard,chart,dataset,saved_query,database,tag)) — limit is per kind (1 to 50)",
    }),
  ),
});

const Kind = Type.Union([
  Type.Literal('dashboard'),
  Type.Literal('chart'),
  Type.Literal('dataset'),
  Type.Literal('saved_query'),
  Type.Literal('database'),
  Type.Literal('tag'),
]);

/** One found object, best first in `result`. */
export const SearchHit = Type.Object({
  kind: Kind,
  id: Type.Integer(),
  title: Type.String(),
  title_ru: Nullable(Type.String()),
  description: Nullable(Type.String()),
  description_ru: Nullable(Type.String()),
  url: Type.String(),
  match: Type.Union(
    [
      Type.Literal('exact'),
      Type.Literal('prefix'),
      Type.Literal('word'),
      Type.Literal('substring'),
      Type.Literal('fuzzy'),
    ],
    { description: 'How the best of its texts matched' },
  ),
  matched_field: Type.Union([Type.Literal('title'), Type.Literal('name'), Type.Literal('description')], {
    description:
      "Which text matched: a title (either language), another name (a column's or metric's), a description",
  }),
  changed_on: Type.String(),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchResponse = Type.Object({
  result: Type.Array(SearchHit),
  count: Type.Integer({ description: 'How many hits `result` holds' }),
});
export type SearchResponse = Static<typeof SearchResponse>;

/**
 * The contract of SQL Lab share links: `/api/v1/sqllab/permalink` (Superset's SqlLabPermalinkRestApi) and
 * the deprecated `/kv/store/` + `/kv/{id}/` pair older clients use. The `{key, url}` answer is the explore
 * permalink's (`PermalinkCreated`).
 */
import { type Static, Type } from 'typebox';

export const SqlLabPermalinkKeyParams = Type.Object({ key: Type.String({ maxLength: 128 }) });

/** The body of a new link: checked field by field by the server, problems named in a 400. */
export const SqlLabPermalinkRequest = Type.Unknown({
  description: '{dbId, catalog, schema, sql, name, autorun, templateParams}',
});

/** The state stored under a key, as it was posted. */
export const SqlLabPermalinkResponse = Type.Record(Type.String(), Type.Unknown());
export type SqlLabPermalinkResponse = Static<typeof SqlLabPermalinkResponse>;

/** `POST /kv/store/` → the id of the stored text. */
export const KvStoreResponse = Type.Object({ id: Type.String() });

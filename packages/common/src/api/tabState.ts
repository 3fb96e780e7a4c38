/**
 * The paths of `/tabstateview/` and `/tableschemaview/`, Superset's legacy views behind SQL Lab's backend
 * persistence (a tab or a table by `id`: `IdParams`). They answer bare JSON and bare error statuses, as
 * Superset's views do, so they declare no response schemas.
 */
import { Type } from 'typebox';

/** `DELETE /tabstateview/{id}/query/{clientId}`. */
export const TabStateQueryParams = Type.Object({
  id: Type.Integer(),
  clientId: Type.String({ maxLength: 64 }),
});

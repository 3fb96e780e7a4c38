/**
 * The contract of `/api/v1/dashboard/{pk}/filter_state` (Superset's DashboardFilterStateRestApi): a browser
 * tab's native filter state, kept under a key. PUT answers the key in `message` (as Superset's client
 * reads it) and in `key`.
 */
import { type Static, Type } from 'typebox';

export const FilterStateParams = Type.Object({ pk: Type.Integer() });
export const FilterStateKeyParams = Type.Object({ pk: Type.Integer(), key: Type.String({ maxLength: 64 }) });
/** `?tab_id=`: the browser tab the state belongs to. */
export const FilterStateQuery = Type.Object({ tab_id: Type.Optional(Type.Integer({ minimum: 0 })) });

/** `{value}`: the data masks as JSON text, checked by the server. */
export const FilterStateRequest = Type.Unknown({ description: '{value: JSON text of the data masks}' });

export const FilterStateCreated = Type.Object({ key: Type.String() });
export const FilterStateUpdated = Type.Object({ key: Type.String(), message: Type.String() });
export const FilterStateValue = Type.Object({ value: Type.String() });
export type FilterStateValue = Static<typeof FilterStateValue>;

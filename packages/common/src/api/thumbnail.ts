/**
 * `GET /api/v1/{chart|dashboard}/<pk>/thumbnail/<digest>/` (THUMBNAILS feature flag): a small PNG of the
 * chart or dashboard as the caller sees it. 200 with the picture; 202 `{"message": "OK"}` while a
 * worker draws it (ask again later); 302 to the current URL when the digest is not the caller's
 * current one; 404 when the caller cannot see the object, or when the last attempt to draw it failed
 * (remembered for a few minutes, then drawn again on the next request).
 */
import { type Static, Type } from 'typebox';

export const ThumbnailParams = Type.Object({
  id: Type.Integer(),
  digest: Type.String({ pattern: '^[0-9a-f]{1,64}$' }),
});
export type ThumbnailParams = Static<typeof ThumbnailParams>;

/** `force=true` draws the picture again even when one is kept (answered 202). */
export const ThumbnailQuerystring = Type.Object({
  force: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});
export type ThumbnailQuerystring = Static<typeof ThumbnailQuerystring>;

/** The picture: documented as binary, sent as the PNG's bytes. */
export const ThumbnailPng = Type.String({ format: 'binary', description: 'A PNG image' });

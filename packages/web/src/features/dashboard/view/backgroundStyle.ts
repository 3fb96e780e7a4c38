import type { LayoutNodeMeta } from '@vitrina/common';
import type { CSSProperties } from 'react';

/** Rows, columns and headers are transparent unless their background is set to white. */
export function backgroundStyle(meta: LayoutNodeMeta): CSSProperties {
  return meta.background === 'BACKGROUND_WHITE' ? { background: '#ffffff', padding: 8 } : {};
}

import type { MouseEvent } from 'react';

const CONTROLS = 'button, a, input, label, [role="switch"], [role="button"], .ant-checkbox-wrapper';

/**
 * Whether a click on a table row is a click on the row itself: not on one of its controls, and not in
 * a popup a control opened (React lets portal clicks bubble to the row).
 */
export function isRowOwnClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return false;
  return target.closest(CONTROLS) === null;
}

/**
 * How many entries fit in the horizontal bar's row of `width` pixels (minus `reserved` for the title
 * and buttons); the rest go into 'More filters'. An unmeasured row (width 0) shows every entry.
 */
export function visibleCount(total: number, width: number, reserved: number, entryWidth: number): number {
  if (width <= 0) return total;
  return Math.max(0, Math.min(total, Math.floor((width - reserved) / entryWidth)));
}

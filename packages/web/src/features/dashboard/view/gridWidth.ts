import { GRID_GUTTER_SIZE } from '@vitrina/common';

/**
 * The CSS width of a component `columns` grid columns wide inside a container `available` columns wide:
 * its share of the container plus the gutters it spans, as Superset sizes grid children.
 */
export function gridWidth(columns: number, available: number): string {
  const span = Math.max(1, Math.min(columns, available));
  return `calc((100% + ${GRID_GUTTER_SIZE}px) * ${span / available} - ${GRID_GUTTER_SIZE}px)`;
}

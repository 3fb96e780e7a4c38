import { GRID_BASE_UNIT, GRID_DEFAULT_MARKDOWN_HEIGHT } from '@vitrina/common';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import type { NodeViewProps } from './nodeProps.ts';

/**
 * A Superset DYNAMIC component (drawn by an extension this app does not have): its place is kept, empty,
 * so the layout around it and its stored meta stay as they were.
 */
export function DynamicView(props: NodeViewProps) {
  const height = (Number(props.node.meta.height) || GRID_DEFAULT_MARKDOWN_HEIGHT) * GRID_BASE_UNIT;
  return (
    <EditableFrame {...props}>
      <div className="dashboard-dynamic" data-test="dashboard-dynamic" style={{ height }} />
    </EditableFrame>
  );
}

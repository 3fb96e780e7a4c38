import { GRID_DEFAULT_COLUMN_WIDTH } from '@vitrina/common';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import { backgroundStyle } from './backgroundStyle.ts';
import { NodeChildren } from './NodeChildren.tsx';
import type { NodeViewProps } from './nodeProps.ts';

/** A column: components stacked inside a row, sized in the column's own grid columns. */
export function ColumnView(props: NodeViewProps) {
  const { node } = props;
  return (
    <EditableFrame {...props}>
      <div
        className="dashboard-column"
        data-test="dashboard-column"
        data-layout-id={node.id}
        style={backgroundStyle(node.meta)}
      >
        <NodeChildren
          parentId={node.id}
          childIds={node.children}
          available={node.meta.width ?? GRID_DEFAULT_COLUMN_WIDTH}
          direction="column"
        />
      </div>
    </EditableFrame>
  );
}

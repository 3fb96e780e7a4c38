import { EditableFrame } from '../edit/EditableFrame.tsx';
import { backgroundStyle } from './backgroundStyle.ts';
import { NodeChildren } from './NodeChildren.tsx';
import type { NodeViewProps } from './nodeProps.ts';

/** A row: charts, markdown and columns side by side, each its share of the row's columns. */
export function RowView(props: NodeViewProps) {
  const { node, available } = props;
  return (
    <EditableFrame {...props}>
      <div
        className="dashboard-row"
        data-test="dashboard-row"
        data-layout-id={node.id}
        style={backgroundStyle(node.meta)}
      >
        <NodeChildren parentId={node.id} childIds={node.children} available={available} direction="row" />
      </div>
    </EditableFrame>
  );
}

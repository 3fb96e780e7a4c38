import { EditableFrame } from '../edit/EditableFrame.tsx';
import type { NodeViewProps } from './nodeProps.ts';

export function DividerView(props: NodeViewProps) {
  return (
    <EditableFrame {...props}>
      <hr className="dashboard-divider" data-test="dashboard-divider" data-layout-id={props.node.id} />
    </EditableFrame>
  );
}

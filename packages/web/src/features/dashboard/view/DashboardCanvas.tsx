import { nodeOf, ROOT_ID } from '@vitrina/common';
import { useDashboardContext } from '../context.ts';
import { GridView } from './GridView.tsx';

/** The dashboard's layout from the root down. */
export function DashboardCanvas() {
  const { session } = useDashboardContext();
  const root = nodeOf(session.layout, ROOT_ID);
  if (!root) return null;
  return (
    <div
      className="dashboard-canvas"
      data-test="dashboard-canvas"
      data-editing={session.editing || undefined}
    >
      <GridView node={root} parentId={ROOT_ID} index={0} available={12} />
    </div>
  );
}

import { nodeOf, ROOT_ID } from '@vitrina/common';
import { useDrawnSignal } from '../../../viz/index.ts';
import { useDashboardContext } from '../context.ts';
import { GridView } from './GridView.tsx';

/** The dashboard's layout from the root down, with the page's drawn signal (viz/drawnSignal.ts). */
export function DashboardCanvas() {
  const { session } = useDashboardContext();
  const root = nodeOf(session.layout, ROOT_ID);
  const drawnRoot = useDrawnSignal();
  if (!root) return null;
  return (
    <div
      ref={drawnRoot}
      className="dashboard-canvas"
      data-test="dashboard-canvas"
      data-drawn="false"
      data-editing={session.editing || undefined}
    >
      <GridView node={root} parentId={ROOT_ID} index={0} available={12} />
    </div>
  );
}

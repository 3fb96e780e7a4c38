import type { HeaderSize } from '@vitrina/common';
import type { CSSProperties } from 'react';
import { useDashboardContext } from '../context.ts';
import { EditableFrame } from '../edit/EditableFrame.tsx';
import { HeaderControls, HeaderTextEditor } from '../edit/HeaderEditing.tsx';
import { backgroundStyle } from './backgroundStyle.ts';
import type { NodeViewProps } from './nodeProps.ts';

const FONT_SIZES: Record<HeaderSize, number> = {
  SMALL_HEADER: 16,
  MEDIUM_HEADER: 24,
  LARGE_HEADER: 32,
};

/** A header component: one line of text in one of three sizes. */
export function HeaderView(props: NodeViewProps) {
  const { node } = props;
  const { session } = useDashboardContext();
  const size = node.meta.headerSize ?? 'MEDIUM_HEADER';
  const style: CSSProperties = {
    fontSize: FONT_SIZES[size] ?? FONT_SIZES.MEDIUM_HEADER,
    fontWeight: 600,
    lineHeight: 1.3,
    margin: 0,
    padding: '8px 0',
    ...backgroundStyle(node.meta),
  };
  return (
    <EditableFrame {...props} controls={<HeaderControls node={node} />}>
      <div
        className="dashboard-header-component"
        data-test="dashboard-header-component"
        data-header-size={size}
        style={style}
      >
        {session.editing ? <HeaderTextEditor node={node} /> : (node.meta.text ?? '')}
      </div>
    </EditableFrame>
  );
}

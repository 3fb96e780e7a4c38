import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { isResizable } from '@vitrina/common';
import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardContext } from '../context.ts';
import type { NodeViewProps } from '../view/nodeProps.ts';
import { startDragging, stopDragging } from './dragState.ts';
import { useEditActions } from './editActions.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import './editing.css';

interface EditableFrameProps extends NodeViewProps {
  children: ReactNode;
  /** Controls of the component's own (header size, markdown preview…), shown beside drag and delete. */
  controls?: ReactNode;
}

/**
 * In edit mode, a component gets a drag handle, a delete button, its own controls and, for charts,
 * markdown and columns, a resize handle. In view mode it is just the component.
 */
export function EditableFrame(props: EditableFrameProps) {
  const { session } = useDashboardContext();
  if (!session.editing) return <>{props.children}</>;
  return <Frame {...props} />;
}

function Frame({ node, available, children, controls }: EditableFrameProps) {
  const { t } = useTranslation();
  const edits = useEditActions();
  return (
    <div
      className="dashboard-editable"
      data-test="editable-component"
      data-layout-type={node.type}
      style={{ position: 'relative' }}
    >
      <Flex className="dashboard-editable-toolbar" gap={2} align="center">
        <Tooltip title={t('dashboardEdit.frame.drag')}>
          <button
            type="button"
            className="dashboard-drag-handle"
            data-test="drag-handle"
            aria-label={t('dashboardEdit.frame.drag')}
            draggable
            onDragStart={(event) => {
              event.stopPropagation();
              startDragging(event, { id: node.id, type: node.type, meta: node.meta });
            }}
            onDragEnd={stopDragging}
          >
            <HolderOutlined />
          </button>
        </Tooltip>
        {controls}
        <Tooltip title={t('dashboardEdit.frame.delete')}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('dashboardEdit.frame.delete')}
            data-test="delete-component"
            onClick={() => edits.remove(node.id)}
          />
        </Tooltip>
      </Flex>
      {children}
      {isResizable(node) && <ResizeHandle node={node} available={available} />}
    </div>
  );
}

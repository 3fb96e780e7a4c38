import { GRID_BASE_UNIT, GRID_GUTTER_SIZE, type LayoutNode } from '@vitrina/common';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditActions } from './editActions.ts';
import { resizedSize } from './resizedSize.ts';

interface ResizeHandleProps {
  node: LayoutNode;
  /** Grid columns of the container, to turn pixels into columns. */
  available: number;
}

/**
 * The corner handle: dragging it resizes the component in whole grid columns (width) and row units
 * (height); an outline shows the size it snaps to, and the change is made on release.
 */
export function ResizeHandle({ node, available }: ResizeHandleProps) {
  const { t } = useTranslation();
  const edits = useEditActions();
  const start = useRef<{ x: number; y: number; width: number; height: number } | null>(null);
  const [preview, setPreview] = useState<{ width: number; height: number } | null>(null);
  const columns = node.meta.width ?? available;
  const resizesHeight = node.type !== 'COLUMN';

  const sizeAt = (x: number, y: number) => {
    const origin = start.current;
    if (!origin) return null;
    return resizedSize({
      pixelWidth: origin.width + x - origin.x,
      pixelHeight: origin.height + y - origin.y,
      startPixelWidth: origin.width,
      columns,
    });
  };

  return (
    <>
      {preview && (
        <div
          className="dashboard-resize-preview"
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            pointerEvents: 'none',
            border: '2px dashed #1677ff',
            zIndex: 5,
            width: `calc(${(preview.width / columns) * 100}% + ${((preview.width - columns) / columns) * GRID_GUTTER_SIZE}px)`,
            height: resizesHeight ? preview.height * GRID_BASE_UNIT : '100%',
          }}
        />
      )}
      <div
        className="dashboard-resize-handle"
        data-test="resize-handle"
        title={t('dashboardEdit.frame.resize')}
        style={{
          position: 'absolute',
          right: -4,
          bottom: -4,
          width: 14,
          height: 14,
          cursor: resizesHeight ? 'nwse-resize' : 'ew-resize',
          zIndex: 6,
        }}
        onPointerDown={(event) => {
          const box = event.currentTarget.parentElement?.getBoundingClientRect();
          if (!box) return;
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          start.current = { x: event.clientX, y: event.clientY, width: box.width, height: box.height };
        }}
        onPointerMove={(event) => {
          const size = sizeAt(event.clientX, event.clientY);
          if (size) setPreview(size);
        }}
        onPointerUp={(event) => {
          const size = sizeAt(event.clientX, event.clientY);
          start.current = null;
          setPreview(null);
          if (!size) return;
          edits.resize(node.id, resizesHeight ? size : { width: size.width });
        }}
      />
    </>
  );
}

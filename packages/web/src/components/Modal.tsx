import { Modal as AntdModal, type ModalProps as AntdModalProps } from 'antd';
import type { CSSProperties } from 'react';

/** The spec's modal defaults. */
export const MODAL_DEFAULT_WIDTH = 600;
export const MODAL_RESPONSIVE_MAX_WIDTH = 900;
export const MODAL_RESIZABLE_MIN_WIDTH = 380;

export interface ModalProps extends Omit<AntdModalProps, 'styles'> {
  /** Grows with the viewport up to 900 px instead of a fixed width. */
  responsive?: boolean;
  /** Lets the user drag the modal wider or narrower (not below 380 px). */
  resizable?: boolean;
}

export function Modal({ responsive, resizable, width, ...props }: ModalProps) {
  const container: CSSProperties = {
    ...(responsive ? { maxWidth: MODAL_RESPONSIVE_MAX_WIDTH, marginInline: 'auto' } : {}),
    ...(resizable ? { resize: 'horizontal', overflow: 'auto', minWidth: MODAL_RESIZABLE_MIN_WIDTH } : {}),
  };
  return (
    <AntdModal
      centered
      destroyOnHidden
      maskClosable={false}
      width={width ?? (responsive ? '90vw' : MODAL_DEFAULT_WIDTH)}
      styles={{ container }}
      {...props}
    />
  );
}

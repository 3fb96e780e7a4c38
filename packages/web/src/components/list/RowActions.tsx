import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteLink } from '../DeleteConfirm.tsx';

export interface RowActionsProps {
  /** Absent when the person may not edit the item: no button is shown. */
  onEdit?: (() => void) | undefined;
  /** The edit button's accessible name, when its visible "Edit" alone would not say what it edits. */
  editLabel?: string;
  /** The delete confirmation's question, e.g. 'Delete the chart Sales?'. */
  deleteTitle: ReactNode;
  /** Absent when the person may not delete the item: no button is shown. */
  onDelete?: (() => void) | undefined;
  /** The list's own actions, shown between edit and delete (export, upload …). */
  children?: ReactNode;
}

/**
 * A listed item's small link buttons: edit, the list's own actions, then delete (after asking). Edit and
 * delete show only when given, so lists pass them only to people who may use them.
 */
export function RowActions({ onEdit, editLabel, deleteTitle, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {onEdit && (
        <Button size="small" type="link" aria-label={editLabel} onClick={onEdit}>
          {t('common.edit')}
        </Button>
      )}
      {children}
      {onDelete && <DeleteLink title={deleteTitle} onConfirm={onDelete} />}
    </Space>
  );
}

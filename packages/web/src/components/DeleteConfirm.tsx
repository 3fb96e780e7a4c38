import { Button, Flex, Popconfirm, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DeleteLinkProps {
  /** The confirmation's question, e.g. 'Delete the dataset orders?'. */
  title: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
}

/** A row's small danger "Delete" link that asks before it deletes. */
export function DeleteLink({ title, onConfirm, disabled }: DeleteLinkProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      {...(disabled === undefined ? {} : { disabled })}
      title={title}
      okText={t('common.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={onConfirm}
    >
      <Button size="small" type="link" danger {...(disabled === undefined ? {} : { disabled })}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}

interface BulkDeleteBarProps {
  /** What is selected, e.g. '3 selected'. */
  selectedText: ReactNode;
  /** The confirmation's question for deleting the selection. */
  confirmTitle: ReactNode;
  deleteText: ReactNode;
  clearText: ReactNode;
  onDelete: () => void;
  onClear: () => void;
  style?: CSSProperties;
}

/** The bar over a list that deletes or clears its selected rows. */
export function BulkDeleteBar({
  selectedText,
  confirmTitle,
  deleteText,
  clearText,
  onDelete,
  onClear,
  style,
}: BulkDeleteBarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" {...(style ? { style } : {})}>
      <Typography.Text>{selectedText}</Typography.Text>
      <Popconfirm
        title={confirmTitle}
        okText={t('common.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={onDelete}
      >
        <Button danger size="small">
          {deleteText}
        </Button>
      </Popconfirm>
      <Button size="small" type="link" onClick={onClear}>
        {clearText}
      </Button>
    </Flex>
  );
}

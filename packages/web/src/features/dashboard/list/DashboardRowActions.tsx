import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/index.ts';

interface DashboardRowActionsProps {
  /** The dashboard's title, for the delete question and the buttons' accessible names. */
  name: string;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
}

/** A dashboard's actions in the list: edit its properties, export it, delete it (after asking). */
export function DashboardRowActions({ name, onEdit, onExport, onDelete }: DashboardRowActionsProps) {
  const { t } = useTranslation();
  return (
    <RowActions
      onEdit={onEdit}
      editLabel={t('dashboards.editProperties', { name })}
      deleteTitle={t('dashboards.deleteConfirm', { name })}
      onDelete={onDelete}
    >
      <Button size="small" type="link" aria-label={t('dashboards.exportOne', { name })} onClick={onExport}>
        {t('dashboards.export')}
      </Button>
    </RowActions>
  );
}

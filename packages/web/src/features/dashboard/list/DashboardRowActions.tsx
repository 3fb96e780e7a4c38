import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/index.ts';

interface DashboardRowActionsProps {
  /** The dashboard's title, for the delete question and the buttons' accessible names. */
  name: string;
  /** Each action is given only when the person may use it (its button is left out otherwise). */
  onEdit?: (() => void) | undefined;
  onExport?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
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
      {onExport && (
        <Button size="small" type="link" aria-label={t('dashboards.exportOne', { name })} onClick={onExport}>
          {t('dashboards.export')}
        </Button>
      )}
    </RowActions>
  );
}

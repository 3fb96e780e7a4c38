import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublish } from '../actions/usePublish.ts';
import { useDashboardContext } from '../context.ts';

/**
 * Published or draft. Editors click it to toggle; others see the draft tag only (with why it is not
 * listed), as in Superset, and clicking says they may not edit.
 */
export function PublishedBadge() {
  const { t } = useTranslation();
  const { dashboard, permissions } = useDashboardContext();
  const publish = usePublish();
  const { published } = dashboard;
  if (published && !permissions.edit) return null;

  const tooltip = !permissions.edit
    ? t('dashboardActions.publish.readOnlyDraftTooltip')
    : t(published ? 'dashboardActions.publish.publishedTooltip' : 'dashboardActions.publish.draftTooltip');
  const label = t(published ? 'dashboardActions.publish.published' : 'dashboardActions.publish.draft');
  return (
    <Tooltip title={tooltip}>
      <Tag
        role="button"
        tabIndex={0}
        aria-label={label}
        aria-busy={publish.pending}
        data-testid="dashboard-publish"
        color={published ? 'green' : 'default'}
        style={{ cursor: 'pointer', marginInlineEnd: 0 }}
        onClick={() => {
          if (!publish.pending) publish.toggle();
        }}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ' ') && !publish.pending) {
            event.preventDefault();
            publish.toggle();
          }
        }}
      >
        {label}
      </Tag>
    </Tooltip>
  );
}

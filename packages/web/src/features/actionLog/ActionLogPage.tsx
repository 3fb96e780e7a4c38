import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page, RequireAdmin } from '../../components/index.ts';
import { LogEntryList } from './LogEntryList.tsx';
import { SlowestView } from './SlowestView.tsx';

type ActionLogTab = 'log' | 'slowest';

/** Settings → Action Log (`/actionlog/list`, administrators): the log, and the slowest charts and dashboards. */
export function ActionLogPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: ActionLogTab = search.get('tab') === 'slowest' ? 'slowest' : 'log';
  return (
    <Page title={t('actionLog.title')}>
      <RequireAdmin>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'slowest' ? { tab: 'slowest' } : {}, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'log', label: t('actionLog.tabs.log'), children: <LogEntryList /> },
            { key: 'slowest', label: t('actionLog.tabs.slowest'), children: <SlowestView /> },
          ]}
        />
      </RequireAdmin>
    </Page>
  );
}

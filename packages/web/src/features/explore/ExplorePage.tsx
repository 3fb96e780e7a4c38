import { Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useExplore } from '../../api/explore.ts';
import { useServerConf } from '../../api/featureFlags.ts';
import { ErrorBox, Page } from '../../components/index.ts';
import { DatasetPicker } from './DatasetPicker.tsx';
import { ExploreScreen } from './ExploreScreen.tsx';
import { type ExploreEntry, exploreApiParams, exploreEntryFromUrl } from './entry.ts';
import { StandaloneChart } from './StandaloneChart.tsx';
import { BUILT_IN_EXPLORE_DEFAULTS, type ExploreDefaults } from './state/formData.ts';

type OpenEntry = Exclude<ExploreEntry, { kind: 'picker' }>;

/** Loads explore once for the entry it was opened with; the screen keeps its draft from then on. */
function ExploreLoader({
  entry,
  sessionKey,
  standalone,
}: {
  entry: OpenEntry;
  sessionKey: string;
  standalone: boolean;
}) {
  const { t } = useTranslation();
  const [opened] = useState(entry);
  const explore = useExplore(exploreApiParams(opened));
  const conf = useServerConf();
  // A new chart starts from the server's defaults, so wait for them (they are usually cached already).
  if (explore.isPending || conf.isPending)
    return (
      <Flex justify="center" align="center" style={{ minHeight: 240 }}>
        <Spin size="large" />
      </Flex>
    );
  if (explore.isError)
    return (
      <Page title={t('explore.title')}>
        <ErrorBox title={t('explore.loadFailed')} error={explore.error} />
      </Page>
    );
  if (standalone && explore.data.slice) return <StandaloneChart response={explore.data} />;
  const defaults: ExploreDefaults = {
    vizType: conf.data?.DEFAULT_VIZ_TYPE ?? BUILT_IN_EXPLORE_DEFAULTS.vizType,
    timeFilter: conf.data?.DEFAULT_TIME_FILTER ?? BUILT_IN_EXPLORE_DEFAULTS.timeFilter,
  };
  return (
    <ExploreScreen
      response={explore.data}
      requestedVizType={opened.vizType}
      sessionKey={sessionKey}
      defaults={defaults}
    />
  );
}

/**
 * `/explore/` (and Superset's `/superset/explore/`, `/explore/p/<key>`): a chart, a dataset or a
 * permalink to explore, or the dataset picker. A save that moves the URL to the saved chart passes
 * its session along in the location state, so the screen is not opened again.
 */
export function ExplorePage() {
  const [params] = useSearchParams();
  const { key } = useParams();
  const location = useLocation();
  const entry = exploreEntryFromUrl(params, key);
  if (entry.kind === 'picker') return <DatasetPicker />;
  const carried = (location.state as { exploreSession?: unknown } | null)?.exploreSession;
  const sessionKey = typeof carried === 'string' ? carried : `${location.pathname}?${params.toString()}`;
  const standalone = !['', '0', 'false'].includes(params.get('standalone') ?? '');
  return <ExploreLoader key={sessionKey} entry={entry} sessionKey={sessionKey} standalone={standalone} />;
}

import { Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { setGuestToken } from '../../api/guestToken.ts';
import { ErrorBox } from '../../components/index.ts';
import { DashboardById } from '../dashboard/index.ts';
import { useEmbeddedDashboard } from './api.ts';
import { listenForHost } from './hostChannel.ts';

/** How long the page waits for the host's token before saying it needs a host. */
const HOST_WAIT_MS = 15_000;

function pageSize() {
  return { width: document.body.scrollWidth, height: document.body.scrollHeight };
}

/**
 * `/embedded/{uuid}`: a dashboard inside a host application's frame (Superset's embedded entry). No
 * navigation and no onboarding; it waits for the host's guest token over the SDK's channel, then shows
 * the dashboard the token allows, every request carrying the latest token.
 */
export function EmbeddedDashboardPage() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const [hasToken, setHasToken] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    const stop = listenForHost(window, {
      onGuestToken: (token) => {
        setGuestToken(token);
        setHasToken(true);
      },
      methods: { getScrollSize: pageSize },
    });
    const timer = window.setTimeout(() => setGaveUp(true), HOST_WAIT_MS);
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, []);

  const embedded = useEmbeddedDashboard(uuid, hasToken);

  if (!hasToken) {
    if (gaveUp || window.parent === window) {
      return <Result status="info" title={t('embedded.page.noHost')} />;
    }
    return (
      <Flex vertical justify="center" align="center" gap={12} style={{ minHeight: 240 }}>
        <Spin size="large" />
        <Typography.Text type="secondary">{t('embedded.page.waiting')}</Typography.Text>
      </Flex>
    );
  }
  if (embedded.error) {
    if (embedded.error instanceof ApiError && embedded.error.status === 401) {
      return <Result status="warning" title={t('embedded.page.expired')} />;
    }
    if (embedded.error instanceof ApiError && [403, 404].includes(embedded.error.status)) {
      return <Result status="403" title={t('embedded.page.forbidden')} />;
    }
    return <ErrorBox error={embedded.error} />;
  }
  if (!embedded.data) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: 240 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  return (
    <main className="embedded-dashboard" data-test="embedded-dashboard">
      <DashboardById idOrSlug={embedded.data.dashboard_id} />
    </main>
  );
}

import type { Config } from '../../config.ts';

/** Where the screenshot browser finds the web app, and the pages it opens there. */

/** VITRINA_RENDER_URL, else this machine's server: a wildcard listen address is reached on loopback. */
export function renderBaseUrl(config: Pick<Config, 'renderUrl' | 'host' | 'port'>): string {
  if (config.renderUrl) return config.renderUrl;
  const wildcard = ['', '0.0.0.0', '::', '[::]'].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** Report mode (`standalone=3`): no navigation, title, filter bar or chart menus; every tab shown. */
export const dashboardPagePath = (idOrPermalinkPath: number | string) =>
  typeof idOrPermalinkPath === 'number'
    ? `/superset/dashboard/${idOrPermalinkPath}/?standalone=3`
    : `${idOrPermalinkPath}?standalone=3`;

/** The saved chart alone, filling the window (the web app's StandaloneChart). */
export const chartPagePath = (chartId: number) => `/explore/?slice_id=${chartId}&standalone=1`;

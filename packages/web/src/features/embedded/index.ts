import { lazyComponent } from '../../components/index.ts';

export { captureHostPort } from './hostChannel.ts';

/** The dashboard's embed dialog: its code loads when it first opens. */
export const EmbedDashboardModal = lazyComponent(() =>
  import('./EmbedDashboardModal.tsx').then((module) => module.EmbedDashboardModal),
);

export { EmbedDashboardModal } from './EmbedDashboardModal.tsx';
export { captureHostPort } from './hostChannel.ts';

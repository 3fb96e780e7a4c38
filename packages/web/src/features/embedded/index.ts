export { EmbedDashboardModal } from './EmbedDashboardModal.tsx';

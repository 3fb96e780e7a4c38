export { ExplorePage } from './ExplorePage.tsx';

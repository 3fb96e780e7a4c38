export { RequestListPage } from './RequestListPage.tsx';
export { TeamListPage } from './TeamListPage.tsx';

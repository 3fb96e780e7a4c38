export { RequestEditPage } from './RequestEditPage.tsx';
export { RequestListPage } from './RequestListPage.tsx';
export { TeamEditPage } from './TeamEditPage.tsx';
export { TeamListPage } from './TeamListPage.tsx';

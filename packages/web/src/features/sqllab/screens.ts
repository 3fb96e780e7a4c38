export { QueryHistoryPage } from './QueryHistoryPage.tsx';
export { SavedQueryListPage } from './SavedQueryListPage.tsx';
export { SqlLabPage } from './SqlLabPage.tsx';

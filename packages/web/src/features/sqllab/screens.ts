export { SavedQueryListPage } from './SavedQueryListPage.tsx';
export { SqlLabPage } from './SqlLabPage.tsx';

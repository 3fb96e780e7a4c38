export { DatabaseListPage } from './DatabaseListPage.tsx';

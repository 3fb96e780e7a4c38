export { TagListPage } from './TagListPage.tsx';

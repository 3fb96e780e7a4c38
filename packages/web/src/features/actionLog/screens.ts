export { ActionLogPage } from './ActionLogPage.tsx';

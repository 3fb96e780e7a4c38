export { SqlLabPage } from './SqlLabPage.tsx';

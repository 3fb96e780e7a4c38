export { HomePage } from './HomePage.tsx';

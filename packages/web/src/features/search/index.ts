export { GlobalSearch } from './GlobalSearch.tsx';

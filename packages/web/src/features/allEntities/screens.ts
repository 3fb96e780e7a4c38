export { AllEntitiesPage } from './AllEntitiesPage.tsx';

export { AnnotationLayerListPage } from './AnnotationLayerListPage.tsx';
export { AnnotationListPage } from './AnnotationListPage.tsx';

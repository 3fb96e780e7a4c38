export { CssEditorModal, type CssEditorModalProps } from './CssEditorModal.tsx';
export { PropertiesModal, type PropertiesModalProps } from './PropertiesModal.tsx';
export { type PropertiesChanges, propertiesBody } from './propertiesChanges.ts';

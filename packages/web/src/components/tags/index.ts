export { EditTagsModal } from './EditTagsModal.tsx';
export { tagsColumn, useTagFilter } from './listTags.tsx';
export { TagLink, TagList } from './TagList.tsx';
export { TagPicker } from './TagPicker.tsx';

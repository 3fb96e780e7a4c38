import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { SqlEditorProps } from './CodeMirrorSqlEditor.tsx';

/** CodeMirror is large: it loads the first time a screen shows a SQL editor, not with the app. */
const CodeMirrorSqlEditor = lazy(async () => ({
  default: (await import('./CodeMirrorSqlEditor.tsx')).CodeMirrorSqlEditor,
}));

/** A SQL editor with highlighting; usable as an antd form control (value / onChange). */
export function SqlEditor(props: SqlEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.minHeight ?? '80px' }} />}>
      <CodeMirrorSqlEditor {...props} />
    </Suspense>
  );
}

import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeMirrorEditor.tsx';

/** CodeMirror is large: it loads when a dialog shows the CSS or JSON editor, not with the dashboard. */
const CodeMirrorEditor = lazy(async () => ({
  default: (await import('./CodeMirrorEditor.tsx')).CodeMirrorEditor,
}));

/** A CodeMirror editor for the dashboard's CSS or JSON metadata. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.height ?? '240px' }} />}>
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}

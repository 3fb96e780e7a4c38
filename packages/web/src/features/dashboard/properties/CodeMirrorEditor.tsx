import { css } from '@codemirror/lang-css';
import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface CodeEditorProps {
  language: 'css' | 'json';
  value: string;
  onChange: (value: string) => void;
  /** The editing area's accessible name. */
  ariaLabel: string;
  height?: string;
}

/** A CodeMirror editor for the dashboard's CSS or JSON metadata. */
export function CodeMirrorEditor({
  language,
  value,
  onChange,
  ariaLabel,
  height = '240px',
}: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      language === 'css' ? css() : json(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
    ],
    [language, ariaLabel],
  );
  return (
    <div style={{ border: '1px solid var(--ant-color-border)', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        onChange={onChange}
        height={height}
        extensions={extensions}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </div>
  );
}

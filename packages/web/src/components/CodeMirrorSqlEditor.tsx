import { sql } from '@codemirror/lang-sql';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface SqlEditorProps {
  /** Optional so an antd Form.Item can supply it. */
  value?: string;
  onChange?: (value: string) => void;
  /** Height of the editing area, e.g. '120px'. */
  height?: string;
  minHeight?: string;
  placeholder?: string;
  readOnly?: boolean;
  /** For the label that names it (the editing area gets it as aria-label). */
  ariaLabel?: string;
  id?: string;
}

/** A SQL editor (CodeMirror) with highlighting and completion of keywords; usable as an antd form control. */
export function CodeMirrorSqlEditor({
  value,
  onChange,
  height,
  minHeight = '80px',
  placeholder,
  readOnly,
  ariaLabel,
  id,
}: SqlEditorProps) {
  const extensions = useMemo(
    () => [
      sql(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(id ? { id } : {}),
      }),
    ],
    [ariaLabel, id],
  );
  return (
    <div
      className="vitrina-sql-editor"
      style={{ border: '1px solid var(--ant-color-border)', borderRadius: 6, overflow: 'hidden' }}
    >
      <CodeMirror
        value={value ?? ''}
        onChange={onChange}
        height={height}
        minHeight={minHeight}
        placeholder={placeholder}
        readOnly={readOnly}
        extensions={extensions}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </div>
  );
}

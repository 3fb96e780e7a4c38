import * as langSql from '@codemirror/lang-sql';
import { type SQLDialect, sql } from '@codemirror/lang-sql';
import CodeMirror, { EditorView, keymap, Prec, type ViewUpdate } from '@uiw/react-codemirror';
import { dialects } from '@vitrina/common/sql/dialects/index';
import { isEngineName } from '@vitrina/common/sql/engines';
import { useMemo, useRef } from 'react';

export interface EditorCommands {
  run: () => void;
  stop: () => void;
  format: () => void;
  newTab: () => void;
}

interface SqlLabEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The text selected now (empty when nothing is): run, estimate and stop prefer it. */
  onSelectionChange: (selected: string) => void;
  commands: EditorCommands;
  /** The database's engine (backend name) for the dialect. */
  backend: string | undefined;
  /** Completion of schemas, tables and columns: `{ schema: { table: [columns] } }` and the current schema's tables. */
  completion: Record<string, readonly string[] | Record<string, readonly string[]>>;
  defaultSchema: string | undefined;
  height: string;
  ariaLabel: string;
}

/**
 * The editor dialect of the database's engine, as its SQL dialect names it; plain standard SQL when no
 * database is chosen or the backend is not an engine Vitrina knows.
 */
export function dialectFor(backend: string | undefined): SQLDialect {
  const engine = backend?.toLowerCase();
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the dialects name the exports they use, so all are reachable.
  return langSql[engine && isEngineName(engine) ? dialects[engine].editorLanguage : 'StandardSQL'];
}

/** The SQL Lab editor: the database's dialect, completion from the table browser, and the shortcuts. */
export function SqlLabEditor({
  value,
  onChange,
  onSelectionChange,
  commands,
  backend,
  completion,
  defaultSchema,
  height,
  ariaLabel,
}: SqlLabEditorProps) {
  // The shortcuts call the latest handlers without rebuilding the editor's extensions.
  const commandsRef = useRef(commands);
  commandsRef.current = commands;
  const extensions = useMemo(
    () => [
      sql({ dialect: dialectFor(backend), schema: completion, defaultSchema, upperCaseKeywords: true }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              commandsRef.current.run();
              return true;
            },
          },
          {
            key: 'Ctrl-r',
            run: () => {
              commandsRef.current.run();
              return true;
            },
          },
          {
            key: 'Ctrl-e',
            run: () => {
              commandsRef.current.stop();
              return true;
            },
          },
          {
            key: 'Mod-Shift-f',
            run: () => {
              commandsRef.current.format();
              return true;
            },
          },
          {
            key: 'Ctrl-t',
            run: () => {
              commandsRef.current.newTab();
              return true;
            },
          },
        ]),
      ),
    ],
    [backend, completion, defaultSchema, ariaLabel],
  );
  const onUpdate = (update: ViewUpdate) => {
    if (!update.selectionSet && !update.docChanged) return;
    const { from, to } = update.state.selection.main;
    onSelectionChange(update.state.sliceDoc(from, to));
  };
  return (
    <div
      className="sqllab-editor"
      style={{
        border: '1px solid var(--ant-color-border)',
        borderRadius: 6,
        overflow: 'hidden',
        height: '100%',
      }}
    >
      <CodeMirror
        value={value}
        onChange={onChange}
        onUpdate={onUpdate}
        height={height}
        extensions={extensions}
        basicSetup={{ foldGutter: false }}
      />
    </div>
  );
}

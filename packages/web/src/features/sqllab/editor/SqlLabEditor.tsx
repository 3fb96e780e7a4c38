import * as langSql from '@codemirror/lang-sql';
import { type SQLDialect, sql } from '@codemirror/lang-sql';
import CodeMirror, {
  EditorSelection,
  EditorView,
  keymap,
  Prec,
  type ViewUpdate,
} from '@uiw/react-codemirror';
import { dialects } from '@vitrina/common/sql/dialects/index';
import { isEngineName } from '@vitrina/common/sql/engines';
import { useMemo, useRef } from 'react';
import type { CursorPosition } from '../state/editorState.ts';

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
  /** The database's built-in functions (`function_names`), offered beside the keywords. */
  functionNames?: readonly string[];
  height: string;
  ariaLabel: string;
  /** Where the cursor goes when the editor opens (the tab's remembered position). */
  initialCursor?: CursorPosition | null;
  onCursorChange?: (cursor: CursorPosition) => void;
}

/** The document offset of a 0-based row and column, clamped into the text. */
export function cursorOffset(text: string, cursor: CursorPosition): number {
  const lines = text.split('\n');
  const row = Math.min(Math.max(0, cursor.row), lines.length - 1);
  let offset = 0;
  for (let index = 0; index < row; index += 1) offset += (lines[index]?.length ?? 0) + 1;
  return offset + Math.min(Math.max(0, cursor.column), lines[row]?.length ?? 0);
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

/** What a completion source reads of CodeMirror's completion context. */
interface WordContext {
  matchBefore(pattern: RegExp): { from: number; text: string } | null;
  explicit: boolean;
}

/** Completes the word before the cursor from the database's function names, as `name()` entries. */
export function functionCompletion(names: readonly string[]) {
  const options = names.map((name) => ({ label: name, type: 'function', apply: `${name}()`, boost: -1 }));
  return (context: WordContext) => {
    const word = context.matchBefore(/\w+/);
    if (!word && !context.explicit) return null;
    return { from: word?.from ?? 0, options, validFor: /^\w*$/ };
  };
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
  functionNames = [],
  height,
  ariaLabel,
  initialCursor,
  onCursorChange,
}: SqlLabEditorProps) {
  // The shortcuts call the latest handlers without rebuilding the editor's extensions.
  const commandsRef = useRef(commands);
  commandsRef.current = commands;
  const functionsKey = functionNames.join(',');
  const extensions = useMemo(
    () => [
      sql({ dialect: dialectFor(backend), schema: completion, defaultSchema, upperCaseKeywords: true }),
      dialectFor(backend).language.data.of({
        autocomplete: functionCompletion(functionsKey ? functionsKey.split(',') : []),
      }),
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
    [backend, completion, defaultSchema, functionsKey, ariaLabel],
  );
  const onUpdate = (update: ViewUpdate) => {
    if (!update.selectionSet && !update.docChanged) return;
    const { from, to, head } = update.state.selection.main;
    onSelectionChange(update.state.sliceDoc(from, to));
    const line = update.state.doc.lineAt(head);
    onCursorChange?.({ row: line.number - 1, column: head - line.from });
  };
  // The tab's cursor comes back when it is shown again (Superset keeps cursorPosition per editor).
  const restoreCursor = (view: EditorView) => {
    if (!initialCursor) return;
    const offset = cursorOffset(view.state.doc.toString(), initialCursor);
    view.dispatch({ selection: EditorSelection.cursor(offset), scrollIntoView: true });
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
        onCreateEditor={restoreCursor}
        height={height}
        extensions={extensions}
        basicSetup={{ foldGutter: false }}
      />
    </div>
  );
}

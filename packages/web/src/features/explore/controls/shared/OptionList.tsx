import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Popover, Tooltip } from 'antd';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DragPayload, hasDragPayload, readDragPayload } from '../../dnd.ts';

/** What a drop from the dataset panel does: add an item at once, open the editor seeded, or nothing. */
export type DropOutcome<T, S> = { add: T } | { edit: S } | null;

export interface EditorArgs<T, S> {
  /** The item being edited; null when adding. */
  item: T | null;
  /** What a drop pre-filled the new item with. */
  seed: S | undefined;
  onSave: (item: T) => void;
  onClose: () => void;
}

interface OptionListProps<T, S> {
  /** Names this list's own reorder drags, so items never move between controls. */
  controlName: string;
  items: readonly T[];
  multi: boolean;
  itemLabel: (item: T) => string;
  /** Text of the empty slot that adds an item ('Drop columns here or click'). */
  placeholder: string;
  onChange: (items: T[]) => void;
  renderEditor: (args: EditorArgs<T, S>) => ReactNode;
  onDropPayload: (payload: DragPayload) => DropOutcome<T, S>;
  /** id of the label element naming the list. */
  labelledBy?: string;
}

interface Editing<S> {
  index: number | null;
  seed?: S;
}

const REORDER_TYPE = 'application/x-vitrina-option';

function reorderType(controlName: string): string {
  return `${REORDER_TYPE}-${controlName.toLowerCase().replace(/[^a-z0-9_-]/g, '')}`;
}

/** Moves one entry of a list to another position. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

const chipStyle = {
  display: 'flex',
  alignItems: 'center',
  border: '1px solid var(--ant-color-border)',
  borderRadius: 4,
  background: 'var(--ant-color-fill-quaternary)',
  minHeight: 28,
  overflow: 'hidden',
} as const;

const buttonReset = {
  border: 'none',
  background: 'transparent',
  padding: '2px 8px',
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'start',
} as const;

/**
 * The chips of a metrics / columns / filters control: click one to edit it in a popover, × removes it,
 * drag one onto another to reorder, drop a column or metric from the dataset panel to add.
 */
export function OptionList<T, S>({
  controlName,
  items,
  multi,
  itemLabel,
  placeholder,
  onChange,
  renderEditor,
  onDropPayload,
  labelledBy,
}: OptionListProps<T, S>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing<S> | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const ownType = reorderType(controlName);

  const close = () => setEditing(null);
  const save = (index: number | null) => (item: T) => {
    if (index === null) onChange(multi ? [...items, item] : [item]);
    else onChange(items.map((current, i) => (i === index ? item : current)));
    close();
  };
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));

  const onDragOver = (event: DragEvent) => {
    if (!hasDragPayload(event.dataTransfer) && !Array.from(event.dataTransfer.types).includes(ownType))
      return;
    event.preventDefault();
    event.dataTransfer.dropEffect = hasDragPayload(event.dataTransfer) ? 'copy' : 'move';
    setDropActive(true);
  };
  const onDrop = (event: DragEvent) => {
    setDropActive(false);
    const from = event.dataTransfer.getData(ownType);
    if (from !== '') {
      event.preventDefault();
      onChange(moveItem(items, Number(from), items.length - 1));
      return;
    }
    const payload = readDragPayload(event.dataTransfer);
    if (!payload) return;
    event.preventDefault();
    const outcome = onDropPayload(payload);
    if (!outcome) return;
    if ('add' in outcome) onChange(multi ? [...items, outcome.add] : [outcome.add]);
    // A single control with its item already there: the seeded editor opens on it and replaces it.
    else setEditing({ index: multi || items.length === 0 ? null : 0, seed: outcome.edit });
  };

  const onChipDrop = (to: number) => (event: DragEvent) => {
    const from = event.dataTransfer.getData(ownType);
    if (from === '') return;
    event.preventDefault();
    event.stopPropagation();
    setDropActive(false);
    onChange(moveItem(items, Number(from), to));
  };

  const editor = (index: number | null) =>
    editing && editing.index === index
      ? renderEditor({
          // A seeded editor starts from the drop, not from the item it replaces.
          item: index === null || editing.seed !== undefined ? null : (items[index] ?? null),
          seed: editing.seed,
          onSave: save(index),
          onClose: close,
        })
      : null;

  const showAdd = multi || items.length === 0;
  // Items have no ids; a label and its occurrence name a chip well enough, also across reorders.
  const seen = new Map<string, number>();
  const chips = items.map((item) => {
    const label = itemLabel(item);
    const occurrence = (seen.get(label) ?? 0) + 1;
    seen.set(label, occurrence);
    return { item, label, key: `${label}#${occurrence}` };
  });

  return (
    <fieldset
      aria-labelledby={labelledBy}
      className={`explore-option-list${dropActive ? ' explore-option-list-drop' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDropActive(false)}
      onDrop={onDrop}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        padding: 2,
        margin: 0,
        border: 'none',
        minWidth: 0,
        borderRadius: 6,
        outline: dropActive ? '2px dashed var(--ant-color-primary)' : 'none',
      }}
    >
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}
      >
        {chips.map(({ label, key }, index) => {
          return (
            <li
              key={key}
              className="explore-option"
              data-testid="explore-option"
              draggable={multi && items.length > 1}
              onDragStart={(event) => {
                event.dataTransfer.setData(ownType, String(index));
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDrop={onChipDrop(index)}
              style={chipStyle}
            >
              <Tooltip title={t('controls.common.remove')}>
                <button
                  type="button"
                  aria-label={t('controls.common.removeItem', { name: label })}
                  onClick={() => remove(index)}
                  style={{ ...buttonReset, padding: '2px 6px', color: 'var(--ant-color-text-tertiary)' }}
                >
                  <CloseOutlined />
                </button>
              </Tooltip>
              <Popover
                open={editing?.index === index}
                onOpenChange={(open) => !open && close()}
                trigger="click"
                placement="right"
                destroyOnHidden
                content={editor(index)}
              >
                <button
                  type="button"
                  className="explore-option-label"
                  // antd opens no popover whose content is empty, so the click opens the editor; a second
                  // click is the popover's own and closes it.
                  onClick={() => editing?.index !== index && setEditing({ index })}
                  title={label}
                  style={{
                    ...buttonReset,
                    flex: 1,
                    minWidth: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {label}
                </button>
              </Popover>
            </li>
          );
        })}
      </ul>
      {showAdd && (
        <Popover
          open={editing?.index === null}
          onOpenChange={(open) => !open && close()}
          trigger="click"
          placement="right"
          destroyOnHidden
          content={editor(null)}
        >
          <button
            type="button"
            className="explore-option-add"
            onClick={() => editing?.index !== null && setEditing({ index: null })}
            style={{
              ...buttonReset,
              ...chipStyle,
              background: 'transparent',
              borderStyle: 'dashed',
              color: 'var(--ant-color-text-tertiary)',
              gap: 6,
            }}
          >
            <PlusOutlined />
            {placeholder}
          </button>
        </Popover>
      )}
    </fieldset>
  );
}

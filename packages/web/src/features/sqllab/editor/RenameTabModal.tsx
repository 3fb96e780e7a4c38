import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import type { EditorTab } from '../state/editorState.ts';

interface RenameTabModalProps {
  tab: EditorTab | undefined;
  onClose: () => void;
  onRename: (id: string, name: string) => void;
}

/** Renames a tab (double-click on its title or its menu); an empty name keeps the old one. */
export function RenameTabModal({ tab, onClose, onRename }: RenameTabModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(tab?.name ?? '');
  // The field starts with the tab's name as the modal opens, not after its animation, so what a
  // quick typist enters meanwhile is kept.
  const [shownFor, setShownFor] = useState(tab?.id);
  if (shownFor !== tab?.id) {
    setShownFor(tab?.id);
    setName(tab?.name ?? '');
  }
  const submit = () => {
    if (tab && name.trim()) onRename(tab.id, name.trim());
    onClose();
  };
  return (
    <Modal
      title={t('sqlLab.tabs.rename')}
      open={tab !== undefined}
      onCancel={onClose}
      onOk={submit}
      width={420}
    >
      <Input
        autoFocus
        aria-label={t('sqlLab.tabs.renamePrompt')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={submit}
      />
    </Modal>
  );
}

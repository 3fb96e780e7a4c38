import { SearchOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../components/lazyComponent.tsx';

// The dialog (antd's Modal and Input with it) loads when first opened, not with every page.
const SearchDialog = lazyComponent(() => import('./SearchDialog.tsx').then((module) => module.SearchDialog));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl+K or Cmd+K, on any keyboard layout (a Russian layout's K key types «л»). */
function isSearchShortcut(event: globalThis.KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && (event.code === 'KeyK' || event.key === 'k');
}

/**
 * The navigation's search box: a button (and Ctrl+K / Cmd+K anywhere) opens a dialog whose field searches
 * as one types; hits come grouped by kind, the arrow keys move through them, Enter or a click opens one and
 * Esc closes the dialog. Titles show in the UI's language.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  // A layout effect: the shortcut listens before the button is painted, so whoever sees the button
  // can press Ctrl+K (a passive effect may run a frame later, and the key press would be lost).
  useLayoutEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
      >
        {t('globalSearch.open')}
        <Typography.Text type="secondary" keyboard>
          {isMac() ? t('globalSearch.shortcutMac') : t('globalSearch.shortcut')}
        </Typography.Text>
      </Button>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}

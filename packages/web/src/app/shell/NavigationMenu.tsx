import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeNavKey, isNavGroup, NAVIGATION, type NavLink } from './navigation.ts';

type MenuItem = Required<MenuProps>['items'][number];

export function NavigationMenu({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = (link: NavLink) => admin || !link.adminOnly;
  const linkItem = (link: NavLink): MenuItem => ({
    key: link.key,
    label: <Link to={link.path}>{t(link.labelKey)}</Link>,
  });

  const items: MenuItem[] = NAVIGATION.flatMap((entry): MenuItem[] => {
    if (!isNavGroup(entry)) return [linkItem(entry)];
    const children = entry.children.filter(visible).map(linkItem);
    return children.length > 0 ? [{ key: entry.key, label: t(entry.labelKey), children }] : [];
  });

  const selected = activeNavKey(pathname);
  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={selected ? [selected] : []}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
      aria-label={t('nav.label')}
    />
  );
}

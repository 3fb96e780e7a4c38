import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { RolePermissions } from '../../api/access.ts';
import { useFeatureFlags } from '../../api/featureFlags.ts';
import { activeNavKey, isNavGroup, type NavLink, visibleNavigation } from './navigation.ts';

type MenuItem = Required<MenuProps>['items'][number];

/** The top menu, showing what the person's roles let them open. */
export function NavigationMenu({ roles }: { roles: RolePermissions }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const flags = useFeatureFlags().data;
  const linkItem = (link: NavLink): MenuItem => ({
    key: link.key,
    label: <Link to={link.path}>{t(link.labelKey)}</Link>,
  });

  const items: MenuItem[] = visibleNavigation(roles, flags).map(
    (entry): MenuItem =>
      isNavGroup(entry)
        ? { key: entry.key, label: t(entry.labelKey), children: entry.children.map(linkItem) }
        : linkItem(entry),
  );

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

import {
  CheckOutlined,
  DownOutlined,
  LogoutOutlined,
  SolutionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@vitrina/common';
import { LANGUAGES } from '@vitrina/common';
import { LANGUAGE_NAMES } from '@vitrina/common/i18n/languages';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnboardingMenu } from '../../features/onboarding/index.ts';
import { useSwitchLanguage } from '../i18n/useSwitchLanguage.ts';
import { logOut } from './logout.ts';

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const onboarding = useOnboardingMenu();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <Link to="/users/userinfo/">{t('userMenu.profile')}</Link>,
    },
    ...(onboarding.visible
      ? [
          {
            key: 'onboarding',
            icon: <SolutionOutlined />,
            label: (
              <Link to="/" onClick={onboarding.start}>
                {t('onboarding.menuItem')}
              </Link>
            ),
          },
        ]
      : []),
    { type: 'divider' },
    {
      key: 'language',
      type: 'group',
      label: t('userMenu.language'),
      // Each language is named in itself, so anyone can find their own.
      children: LANGUAGES.map((language) => ({
        key: `language-${language}`,
        label: LANGUAGE_NAMES[language],
        lang: language,
        icon: i18n.language === language ? <CheckOutlined /> : <span style={{ width: 14 }} />,
        onClick: () => switchLanguage(language),
      })),
    },
    { type: 'divider' },
    // A form post with the CSRF token: the server ends the session and redirects to the login page.
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), onClick: () => void logOut() },
  ];

  return (
    // Opens once its items are known: an Onboarding item arriving later would move every item under it
    // while the person is clicking one.
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" disabled={onboarding.pending}>
      <Button
        type="text"
        aria-label={t('userMenu.label')}
        style={{ height: 40 }}
        disabled={onboarding.pending}
      >
        <Avatar
          size="small"
          icon={<UserOutlined />}
          style={{ backgroundColor: 'var(--ant-color-primary)' }}
        />
        <span>{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}

import { EditOutlined } from '@ant-design/icons';
import { LANGUAGES, type LanguageCode } from '@vitrina/common';
import { LANGUAGE_NAMES } from '@vitrina/common/i18n/languages';
import { Button, Card, Descriptions, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useCurrentUserRoles } from '../../api/me.ts';
import { useSwitchLanguage } from '../../app/i18n/useSwitchLanguage.ts';
import { ErrorBox, Page } from '../../components/index.ts';
import { ProfileOnboardingSection, roleLabel } from '../onboarding/index.ts';
import { EditNameModal } from './EditNameModal.tsx';
import { SessionsSection } from './SessionsSection.tsx';

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const roles = useCurrentUserRoles();
  const switchLanguage = useSwitchLanguage();
  const [editingName, setEditingName] = useState(false);

  if (user.isPending) return <Spin />;
  if (user.isError) return <ErrorBox error={user.error} />;
  const me = user.data;

  return (
    <Page
      title={t('profile.title')}
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditingName(true)}>
          {t('profile.editName')}
        </Button>
      }
    >
      <Card>
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 200 } }}>
          <Descriptions.Item label={t('profile.name')}>
            {[me.first_name, me.last_name].filter(Boolean).join(' ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.fields.username')}>{me.username}</Descriptions.Item>
          <Descriptions.Item label={t('users.fields.email')}>{me.email}</Descriptions.Item>
          <Descriptions.Item label={t('users.fields.roles')}>
            {roles.isError ? (
              <ErrorBox error={roles.error} />
            ) : (
              <span data-testid="profile-roles">
                {Object.keys(roles.data?.roles ?? {}).map((name) => (
                  <Tag key={name}>{roleLabel(name, t)}</Tag>
                ))}
              </span>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.language')}>
            <Select<LanguageCode>
              aria-label={t('profile.language')}
              value={i18n.language as LanguageCode}
              style={{ width: 200 }}
              options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
              onChange={switchLanguage}
            />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ProfileOnboardingSection />
      <SessionsSection />
      {editingName && <EditNameModal user={me} onClose={() => setEditingName(false)} />}
    </Page>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import type { User } from '@vitrina/common';
import { Button, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useUpdateUser, useUsers } from '../../api/users.ts';
import { ListView, Page, RequireAdmin, useFormat, useListState, useToasts } from '../../components/index.ts';
import { roleLabel } from '../onboarding/index.ts';
import { UserFormModal } from './UserFormModal.tsx';
import { INITIAL_USER_LIST, USER_SEARCH_FIELDS, type UserListState, userListQuery } from './userListQuery.ts';

type Editing = { user?: User } | undefined;

const SEARCH_FIELD_KEYS = {
  username: 'users.fields.username',
  first_name: 'users.fields.firstName',
  last_name: 'users.fields.lastName',
  email: 'users.fields.email',
} as const;

function UserList() {
  const { t } = useTranslation();
  const format = useFormat();
  const { addSuccessToast, addDangerToast } = useToasts();
  const list = useListState<UserListState>(INITIAL_USER_LIST);
  const [editing, setEditing] = useState<Editing>();
  const users = useUsers(userListQuery(list.state));
  const updateUser = useUpdateUser();

  const setActive = (user: User, active: boolean) =>
    updateUser.mutate(
      { id: user.id, changes: { active } },
      {
        onSuccess: () =>
          addSuccessToast(
            active
              ? t('users.activated', { username: user.username })
              : t('users.deactivated', { username: user.username }),
          ),
        onError: (error) => addDangerToast(errorText(error, t)),
      },
    );

  // People's names are theirs, not the interface's: no translation, by the browser or the language walk.
  const personName = (name: string) => <span translate="no">{name}</span>;
  const columns: TableColumnsType<User> = [
    { key: 'username', dataIndex: 'username', title: t('users.fields.username'), sorter: true },
    {
      key: 'first_name',
      dataIndex: 'first_name',
      title: t('users.fields.firstName'),
      sorter: true,
      render: personName,
    },
    {
      key: 'last_name',
      dataIndex: 'last_name',
      title: t('users.fields.lastName'),
      sorter: true,
      render: personName,
    },
    { key: 'email', dataIndex: 'email', title: t('users.fields.email'), sorter: true },
    {
      key: 'roles',
      dataIndex: 'roles',
      title: t('users.fields.roles'),
      render: (roles: User['roles']) =>
        roles.map((role) => <Tag key={role.id}>{roleLabel(role.name, t)}</Tag>),
    },
    {
      key: 'active',
      dataIndex: 'active',
      title: t('users.fields.active'),
      sorter: true,
      render: (active: boolean) =>
        active ? <Tag color="success">{t('users.active')}</Tag> : <Tag>{t('users.inactive')}</Tag>,
    },
    {
      key: 'last_login',
      dataIndex: 'last_login',
      title: t('users.fields.lastLogin'),
      render: (value: string | null) => (value ? format.date(value) : t('users.neverLoggedIn')),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, user) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setEditing({ user })}>
            {t('common.edit')}
          </Button>
          {user.active ? (
            <Popconfirm
              title={t('users.deactivateConfirm', { username: user.username })}
              okText={t('users.deactivate')}
              cancelText={t('common.cancel')}
              onConfirm={() => setActive(user, false)}
            >
              <Button size="small" type="link" danger>
                {t('users.deactivate')}
              </Button>
            </Popconfirm>
          ) : (
            <Button size="small" type="link" onClick={() => setActive(user, true)}>
              {t('users.activate')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListView<User, UserListState>
        list={list}
        query={users}
        columns={columns}
        emptyText={t('users.empty')}
        searchControl={
          <Space.Compact>
            <Select
              aria-label={t('users.searchField')}
              value={list.state.searchField}
              style={{ width: 190 }}
              options={USER_SEARCH_FIELDS.map((field) => ({
                value: field,
                label: t(SEARCH_FIELD_KEYS[field]),
              }))}
              onChange={(searchField) => list.update({ searchField })}
            />
            <Input.Search
              allowClear
              placeholder={t('users.searchPlaceholder')}
              style={{ width: 280 }}
              onSearch={(searchText) => list.update({ searchText })}
            />
          </Space.Compact>
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('users.add')}
          </Button>
        }
      />
      {editing && <UserFormModal user={editing.user} onClose={() => setEditing(undefined)} />}
    </>
  );
}

export function UserListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.users')}>
      <RequireAdmin>
        <UserList />
      </RequireAdmin>
    </Page>
  );
}

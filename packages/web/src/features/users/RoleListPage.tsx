import { PlusOutlined } from '@ant-design/icons';
import type { Role } from '@vitrina/common';
import { Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useDeleteRole, useRoles } from '../../api/roles.ts';
import { DeleteLink, ListView, Page, RequireAdmin, useListState, useToasts } from '../../components/index.ts';
import { roleLabel } from '../onboarding/index.ts';
import { RoleFormModal } from './RoleFormModal.tsx';
import { RolePermissionsModal } from './RolePermissionsModal.tsx';

type Dialog = { kind: 'edit'; role?: Role } | { kind: 'permissions'; role: Role } | undefined;

const PAGE_SIZE = 25;

/** One page size, always by name (the columns do not sort). */
const INITIAL_ROLE_LIST = { page: 0, pageSize: PAGE_SIZE, sortColumn: 'name', sortDirection: 'asc' as const };

function RoleList() {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const list = useListState(INITIAL_ROLE_LIST);
  const [dialog, setDialog] = useState<Dialog>();
  const roles = useRoles({
    order_column: 'name',
    order_direction: 'asc',
    page: list.state.page,
    page_size: PAGE_SIZE,
  });
  const deleteRole = useDeleteRole();

  const remove = (role: Role) =>
    deleteRole.mutate(role.id, {
      onSuccess: () => addSuccessToast(t('roles.deleted', { name: role.name })),
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const columns: TableColumnsType<Role> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('roles.fields.name'),
      render: (name: string, role) => (
        <Space size={8}>
          {/* The requestable roles show their interface names ('Visualize data'); the API keeps the stored one. */}
          <span title={name}>{roleLabel(name, t)}</span>
          {role.built_in && (
            <Tooltip title={t('roles.builtInHint')}>
              <Tag>{t('roles.builtIn')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'description', dataIndex: 'description', title: t('roles.fields.description') },
    { key: 'user_count', dataIndex: 'user_count', title: t('roles.fields.users'), align: 'right' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, role) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setDialog({ kind: 'permissions', role })}>
            {t('roles.permissions')}
          </Button>
          <Button
            size="small"
            type="link"
            disabled={role.built_in}
            onClick={() => setDialog({ kind: 'edit', role })}
          >
            {t('roles.rename')}
          </Button>
          <DeleteLink
            disabled={role.built_in}
            title={t('roles.deleteConfirm', { name: role.name })}
            onConfirm={() => remove(role)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'edit' })}>
          {t('roles.add')}
        </Button>
      </Space>
      <ListView<Role, typeof INITIAL_ROLE_LIST>
        list={list}
        query={roles}
        columns={columns}
        emptyText={t('roles.empty')}
        paging={{ hideOnSinglePage: true, showSizeChanger: false, showTotal: undefined }}
      />
      {dialog?.kind === 'edit' && <RoleFormModal role={dialog.role} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'permissions' && (
        <RolePermissionsModal role={dialog.role} onClose={() => setDialog(undefined)} />
      )}
    </>
  );
}

export function RoleListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('nav.roles')}>
      <RequireAdmin>
        <RoleList />
      </RequireAdmin>
    </Page>
  );
}

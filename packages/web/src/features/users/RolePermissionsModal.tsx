import type { Role } from '@vitrina/common';
import { Alert, Checkbox, Empty, Flex, Input, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionViews, useRolePermissions, useSaveRolePermissions } from '../../api/roles.ts';
import { ErrorBox, Modal, useToasts } from '../../components/index.ts';
import { grantedIds, groupByView, type PermissionGroup } from './permissionGroups.ts';

interface RolePermissionsModalProps {
  role: Role;
  onClose: () => void;
}

function GroupRow({
  group,
  selected,
  readOnly,
  onToggle,
}: {
  group: PermissionGroup;
  selected: ReadonlySet<number>;
  readOnly: boolean;
  onToggle: (ids: number[], checked: boolean) => void;
}) {
  const ids = group.pairs.map((pair) => pair.id);
  const checkedCount = ids.filter((id) => selected.has(id)).length;
  return (
    <div style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-split)' }}>
      <Checkbox
        checked={checkedCount === ids.length}
        indeterminate={checkedCount > 0 && checkedCount < ids.length}
        disabled={readOnly}
        onChange={(event) => onToggle(ids, event.target.checked)}
      >
        <Typography.Text strong>{group.view}</Typography.Text>
      </Checkbox>
      <Flex wrap gap="4px 16px" style={{ paddingLeft: 24, marginTop: 4 }}>
        {group.pairs.map((pair) => (
          <Checkbox
            key={pair.id}
            checked={selected.has(pair.id)}
            disabled={readOnly}
            aria-label={`${pair.permission.name} ${group.view}`}
            onChange={(event) => onToggle([pair.id], event.target.checked)}
          >
            {pair.permission.name}
          </Checkbox>
        ))}
      </Flex>
    </div>
  );
}

/**
 * Every grantable (permission, view) pair, grouped by view, with the role's own pairs ticked. Built-in
 * roles are reset at every start, so theirs are shown read-only.
 */
export function RolePermissionsModal({ role, onClose }: RolePermissionsModalProps) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const grantable = usePermissionViews();
  const granted = useRolePermissions(role.id);
  const save = useSaveRolePermissions();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>();

  useEffect(() => {
    if (grantable.data && granted.data && selected === undefined) {
      setSelected(grantedIds(granted.data, grantable.data));
    }
  }, [grantable.data, granted.data, selected]);

  const groups = useMemo(() => groupByView(grantable.data ?? [], search), [grantable.data, search]);

  const toggle = (ids: number[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const submit = () => {
    if (!selected) return;
    save.mutate(
      { roleId: role.id, ids: [...selected].sort((a, b) => a - b) },
      {
        onSuccess: () => {
          addSuccessToast(t('roles.permissionsSaved', { name: role.name }));
          onClose();
        },
      },
    );
  };

  const loadError = grantable.error ?? granted.error;
  const readOnly = role.built_in;
  return (
    <Modal
      open
      responsive
      title={t('roles.permissionsTitle', { name: role.name })}
      okText={t('common.save')}
      cancelText={readOnly ? t('common.close') : t('common.cancel')}
      okButtonProps={{ disabled: !selected }}
      footer={readOnly ? (_buttons, { CancelBtn }) => <CancelBtn /> : undefined}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        {loadError && <ErrorBox error={loadError} />}
        {save.isError && <ErrorBox error={save.error} />}
        {readOnly && <Alert type="info" showIcon title={t('roles.builtInHint')} />}
        <Flex gap={12} align="center" justify="space-between" wrap>
          <Input.Search
            allowClear
            placeholder={t('roles.permissionsSearch')}
            style={{ maxWidth: 360 }}
            onChange={(event) => setSearch(event.target.value)}
          />
          {selected && grantable.data && (
            <Typography.Text type="secondary">
              {t('roles.permissionsCount', { selected: selected.size, total: grantable.data.length })}
            </Typography.Text>
          )}
        </Flex>
        <div style={{ maxHeight: '60vh', overflowY: 'auto', paddingRight: 8 }}>
          {!selected && !loadError && <Spin />}
          {selected && groups.length === 0 && <Empty description={t('roles.permissionsNone')} />}
          {selected &&
            groups.map((group) => (
              <GroupRow
                key={group.view}
                group={group}
                selected={selected}
                readOnly={readOnly}
                onToggle={toggle}
              />
            ))}
        </div>
      </Flex>
    </Modal>
  );
}

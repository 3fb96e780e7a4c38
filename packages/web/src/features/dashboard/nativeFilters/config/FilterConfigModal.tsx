import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { isNativeFilter } from '@vitrina/common/filters/items';
import type { FilterConfigItem } from '@vitrina/common/filters/types';
import {
  type FilterValidationError,
  firstInvalidFilterId,
  validateFilterConfiguration,
} from '@vitrina/common/filters/validate';
import { Alert, App, Button, Empty, Flex, type InputRef, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors.ts';
import { storeDashboard } from '../../actions/dashboardCache.ts';
import { useDashboardContext } from '../../context.ts';
import { emptyMask, useDataMask } from '../dataMaskContext.tsx';
import { useFilterConfiguration } from '../useFilterConfiguration.ts';
import { changedDefaults } from './changedDefaults.ts';
import { DividerForm } from './DividerForm.tsx';
import { itemsForSave, moveItem, newDivider, newFilter } from './draft.ts';
import { FilterForm } from './FilterForm.tsx';
import { FilterList } from './FilterList.tsx';
import { saveFilterConfiguration } from './saveFilterConfiguration.ts';
import { usePendingDeletes } from './usePendingDeletes.ts';

type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'failed'; message: string };

/** Creating, editing, ordering and deleting the dashboard's native filters and dividers. */
export function FilterConfigModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { dashboard, session } = useDashboardContext();
  const saved = useFilterConfiguration();
  const { setDataMask } = useDataMask();
  const [items, setItems] = useState<FilterConfigItem[]>(saved);
  const [selectedId, setSelectedId] = useState<string | null>(saved[0]?.id ?? null);
  const [errors, setErrors] = useState<FilterValidationError[]>([]);
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const deletes = usePendingDeletes((id) => setItems((current) => current.filter((item) => item.id !== id)));
  const focusRef = useRef<InputRef>(null);
  const [focusToken, setFocusToken] = useState(0);

  useEffect(() => {
    if (focusToken > 0) focusRef.current?.focus();
  }, [focusToken]);

  const selected = items.find((item) => item.id === selectedId && !deletes.pending.has(item.id)) ?? null;
  const replace = (next: FilterConfigItem) =>
    setItems((current) => current.map((item) => (item.id === next.id ? next : item)));
  const add = (item: FilterConfigItem) => {
    setItems((current) => [...current, item]);
    setSelectedId(item.id);
  };

  const onSave = async () => {
    const toSave = itemsForSave(items, deletes.pending, session.layout);
    const validation = validateFilterConfiguration(toSave);
    if (validation.errors.length > 0) {
      setErrors(validation.errors);
      const first = firstInvalidFilterId(toSave, validation.errors);
      if (first) setSelectedId(first);
      setFocusToken((token) => token + 1);
      return;
    }
    setErrors([]);
    setSave({ status: 'saving' });
    try {
      const stored = await saveFilterConfiguration(dashboard, toSave);
      setSave({ status: 'idle' });
      storeDashboard(queryClient, stored);
      for (const [id, mask] of Object.entries(changedDefaults(saved, toSave)))
        setDataMask(id, mask ?? emptyMask(id));
      message.success(t('nativeFilters.config.saved'));
      onClose();
    } catch (error) {
      const text =
        error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
      setSave({ status: 'failed', message: text });
      message.error(text);
    }
  };

  const invalid = new Set(errors.map((error) => error.filterId));
  const selectedErrors = errors.filter((error) => error.filterId === selected?.id);

  return (
    <Modal
      open
      title={t('nativeFilters.config.title')}
      width={900}
      onCancel={onClose}
      okText={t('nativeFilters.config.save')}
      onOk={() => void onSave()}
      confirmLoading={save.status === 'saving'}
      destroyOnHidden
      data-test="filter-config-modal"
    >
      {save.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={save.message}
          style={{ marginBottom: 12 }}
          data-test="filter-config-error"
        />
      )}
      <Flex gap={16} align="flex-start">
        <Flex vertical gap={8} style={{ width: 240, flex: 'none' }}>
          <Flex gap={8}>
            <Button size="small" icon={<PlusOutlined />} onClick={() => add(newFilter())}>
              {t('nativeFilters.config.addFilter')}
            </Button>
            <Button size="small" icon={<PlusOutlined />} onClick={() => add(newDivider())}>
              {t('nativeFilters.config.addDivider')}
            </Button>
          </Flex>
          <FilterList
            items={items}
            selectedId={selected?.id ?? null}
            deleted={deletes.pending}
            invalid={invalid}
            onSelect={setSelectedId}
            onMove={(from, to) => setItems((current) => moveItem(current, from, to))}
            onDelete={(id) => {
              deletes.markDeleted(id);
              if (selectedId === id)
                setSelectedId(
                  items.find((item) => item.id !== id && !deletes.pending.has(item.id))?.id ?? null,
                );
            }}
            onUndo={deletes.undo}
          />
        </Flex>
        <div style={{ flex: 1, minWidth: 0, maxHeight: '65vh', overflowY: 'auto', paddingRight: 8 }}>
          {!selected ? (
            <Empty description={t('nativeFilters.config.nothingSelected')} />
          ) : isNativeFilter(selected) ? (
            <FilterForm
              key={selected.id}
              filter={selected}
              items={items}
              errors={selectedErrors}
              onChange={replace}
              nameRef={focusRef}
            />
          ) : (
            <DividerForm
              key={selected.id}
              divider={selected}
              errors={selectedErrors}
              onChange={replace}
              titleRef={focusRef}
            />
          )}
        </div>
      </Flex>
    </Modal>
  );
}

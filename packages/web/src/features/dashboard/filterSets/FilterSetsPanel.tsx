import { Button, Flex, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUserRoles } from '../../../api/me.ts';
import { useToasts } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import { useFilterConfiguration } from '../nativeFilters/useFilterConfiguration.ts';
import { type FilterSet, useFilterSetMutation, useFilterSets } from './api.ts';
import { FilterSetRow } from './FilterSetRow.tsx';
import { appliedSelection, filterSetMetadata, isFilterSetApplied } from './filterSetMetadata.ts';

/**
 * The filter bar's filter sets: save the applied selection under a name, and apply, rename, make
 * primary or delete a saved set. A set belongs to the dashboard when its editor saves it, else to
 * the person; the list reloads after every change.
 */
export function FilterSetsPanel() {
  const { t } = useTranslation();
  const { dashboard, permissions } = useDashboardContext();
  const masks = useOptionalDataMask();
  const filters = useFilterConfiguration();
  const me = useCurrentUserRoles();
  const sets = useFilterSets(dashboard.id);
  const mutation = useFilterSetMutation(dashboard.id);
  const { addSuccessToast, addDangerToast } = useToasts();
  const [name, setName] = useState('');

  if (!masks) return null;
  const hasFilters = filters.some((filter) => filter.type === 'NATIVE_FILTER');

  const run = async (action: Parameters<typeof mutation.mutateAsync>[0], success: string) => {
    try {
      await mutation.mutateAsync(action);
      addSuccessToast(success);
      return true;
    } catch (error) {
      addDangerToast(
        t('crossFilters.filterSets.failed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
      return false;
    }
  };

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    const owner = permissions.edit
      ? { owner_type: 'Dashboard' as const, owner_id: dashboard.id }
      : { owner_type: 'User' as const, owner_id: me.data?.id ?? 0 };
    const saved = await run(
      {
        kind: 'create',
        body: {
          name: trimmed,
          ...owner,
          is_primary: false,
          json_metadata: filterSetMetadata(filters, masks.dataMask),
        },
      },
      t('crossFilters.filterSets.saved', { name: trimmed }),
    );
    if (saved) setName('');
  };

  const apply = (set: FilterSet) => {
    masks.replaceAll(appliedSelection(set, filters, masks.dataMask));
    addSuccessToast(t('crossFilters.filterSets.appliedToast', { name: set.name }));
    // Like every other change, applying reloads the list (another person may have changed the sets).
    void sets.refetch();
  };

  const mayChange = (set: FilterSet) =>
    set.owner_type === 'Dashboard' ? permissions.edit : set.owner_id === me.data?.id;

  return (
    <section
      data-testid="filter-sets"
      aria-label={t('crossFilters.filterSets.title')}
      style={{ marginTop: 16 }}
    >
      <Typography.Text strong>{t('crossFilters.filterSets.title')}</Typography.Text>
      {hasFilters && (
        <Flex gap={4} style={{ marginTop: 4 }}>
          <Input
            size="small"
            value={name}
            maxLength={500}
            placeholder={t('crossFilters.filterSets.namePlaceholder')}
            aria-label={t('crossFilters.filterSets.name')}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => void save()}
          />
          <Button
            size="small"
            disabled={!name.trim()}
            loading={mutation.isPending}
            onClick={() => void save()}
          >
            {t('crossFilters.filterSets.save')}
          </Button>
        </Flex>
      )}
      {sets.isPending ? (
        <Flex justify="center" style={{ padding: 8 }}>
          <Spin size="small" />
        </Flex>
      ) : sets.error ? (
        <Typography.Text type="danger">
          {t('crossFilters.filterSets.loadFailed', { message: sets.error.message })}
        </Typography.Text>
      ) : sets.data.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
          {t('crossFilters.filterSets.empty')}
        </Typography.Paragraph>
      ) : (
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          {sets.data.map((set) => (
            <FilterSetRow
              key={set.id}
              set={set}
              applied={isFilterSetApplied(set, filters, masks.dataMask)}
              editable={mayChange(set)}
              busy={mutation.isPending}
              onApply={() => apply(set)}
              onRename={(next) =>
                run(
                  { kind: 'update', id: set.id, body: { name: next } },
                  t('crossFilters.filterSets.renamed', { name: next }),
                )
              }
              onMakePrimary={() =>
                void run(
                  { kind: 'update', id: set.id, body: { is_primary: true } },
                  t('crossFilters.filterSets.madePrimary', { name: set.name }),
                )
              }
              onDelete={() =>
                void run(
                  { kind: 'delete', id: set.id },
                  t('crossFilters.filterSets.deleted', { name: set.name }),
                )
              }
            />
          ))}
        </Flex>
      )}
    </section>
  );
}

import { Alert, Button, Flex, Form, Input, Radio, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { type DashboardOption, useEditableDashboards } from '../../../api/explore.ts';
import { localizedName, Modal } from '../../../components/index.ts';
import type { DashboardChoice, SaveRequest } from './saveChart.ts';

/** How long typing in the dashboard search waits before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

interface SaveModalProps {
  sliceName: string;
  /** A saved chart is open (overwrite is possible in principle). */
  hasSlice: boolean;
  canOverwrite: boolean;
  /** The dashboards list is filtered to this owner; null for an admin, who may edit them all. */
  dashboardOwnerId: number | null;
  userName: string;
  /** Runs the save; rejects with the reason when it fails. */
  onSave: (request: SaveRequest, goToDashboard: boolean) => Promise<void>;
  onClose: () => void;
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

const NEW_PREFIX = 'new:';

function choiceOf(value: string | undefined, dashboards: readonly DashboardOption[]): DashboardChoice | null {
  if (!value) return null;
  if (value.startsWith(NEW_PREFIX)) return { kind: 'new', title: value.slice(NEW_PREFIX.length) };
  const id = Number(value);
  const dashboard = dashboards.find((item) => item.id === id);
  return dashboard ? { kind: 'existing', id, title: dashboard.dashboard_title } : null;
}

/**
 * Explore's save modal: overwrite the open chart (its owners only) or save a new one under a name, and
 * optionally put it on a dashboard the user can edit or on a new one typed into the same select.
 */
export function SaveModal({
  sliceName,
  hasSlice,
  canOverwrite,
  dashboardOwnerId,
  userName,
  onSave,
  onClose,
}: SaveModalProps) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<SaveRequest['action']>(canOverwrite ? 'overwrite' : 'saveas');
  const [name, setName] = useState(sliceName);
  const [search, setSearch] = useState('');
  const [dashboardValue, setDashboardValue] = useState<string | undefined>();
  const [known, setKnown] = useState<DashboardOption[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const debouncedSearch = useDebounced(search);
  const dashboards = useEditableDashboards(debouncedSearch, dashboardOwnerId, true);

  // Remember every dashboard seen, so the chosen one keeps its title when the search changes.
  useEffect(() => {
    if (dashboards.data)
      setKnown((current) => [
        ...current,
        ...(dashboards.data ?? []).filter((item) => !current.some((seen) => seen.id === item.id)),
      ]);
  }, [dashboards.data]);

  const typed = search.trim();
  const exact = (dashboards.data ?? []).some(
    (item) => item.dashboard_title.trim().toLowerCase() === typed.toLowerCase(),
  );
  const options = [
    ...(typed && !exact
      ? [
          {
            value: `${NEW_PREFIX}${typed}`,
            label: (
              <Flex gap={6} align="center">
                <span>{typed}</span>
                <Tag color="green">{t('explore.save.newDashboardTag')}</Tag>
              </Flex>
            ),
            title: typed,
          },
        ]
      : []),
    ...(dashboards.data ?? []).map((item) => {
      const title = localizedName(item.dashboard_title, item.dashboard_title_ru, i18n.language);
      return { value: String(item.id), label: title, title };
    }),
  ];
  // A typed new name stays selectable after the search text is cleared.
  if (dashboardValue?.startsWith(NEW_PREFIX) && !options.some((option) => option.value === dashboardValue)) {
    const title = dashboardValue.slice(NEW_PREFIX.length);
    options.unshift({
      value: dashboardValue,
      label: (
        <Flex gap={6} align="center">
          <span>{title}</span>
          <Tag color="green">{t('explore.save.newDashboardTag')}</Tag>
        </Flex>
      ),
      title,
    });
  }

  const dashboard = choiceOf(dashboardValue, known);
  const nameMissing = name.trim() === '';

  const save = async (goToDashboard: boolean) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ action, sliceName: name, dashboard }, goToDashboard);
    } catch (error) {
      setFailure(error);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('explore.save.title')}
      onCancel={onClose}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button disabled={nameMissing || !dashboard || saving} onClick={() => void save(true)}>
            {t('explore.save.saveAndGo')}
          </Button>
          <Button type="primary" loading={saving} disabled={nameMissing} onClick={() => void save(false)}>
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" requiredMark>
        {failure !== null && (
          <Form.Item>
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('explore.save.failed')}
              description={errorText(failure, t)}
            />
          </Form.Item>
        )}
        {hasSlice && (
          <Form.Item>
            <Radio.Group value={action} onChange={(event) => setAction(event.target.value)}>
              <Radio value="overwrite" disabled={!canOverwrite}>
                {t('explore.save.overwrite')}
              </Radio>
              <Radio value="saveas">{t('explore.save.saveAs')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label={t('explore.save.chartName')} htmlFor="explore-save-name" required>
          <Input
            id="explore-save-name"
            value={name}
            placeholder={t('explore.save.chartNamePlaceholder')}
            onChange={(event) => setName(event.target.value)}
            status={nameMissing ? 'error' : undefined}
          />
        </Form.Item>
        <Form.Item
          label={t('explore.save.addToDashboard')}
          htmlFor="explore-save-dashboard"
          extra={t('explore.save.addToDashboardHint')}
        >
          <Select
            id="explore-save-dashboard"
            aria-label={t('explore.save.addToDashboard')}
            allowClear
            showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
            placeholder={t('explore.save.dashboardPlaceholder')}
            value={dashboardValue}
            onChange={(value: string | undefined) => {
              setDashboardValue(value);
              setSearch('');
            }}
            options={options}
            optionLabelProp="title"
            loading={dashboards.isFetching}
            notFoundContent={
              dashboards.isFetching ? t('explore.save.loading') : t('explore.save.noDashboards')
            }
          />
        </Form.Item>
        {dashboards.isError && (
          <Alert
            type="error"
            showIcon
            title={t('explore.save.dashboardsFailed', { name: userName })}
            description={errorText(dashboards.error, t)}
          />
        )}
      </Form>
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import {
  type DashboardDto,
  type DashboardMetadata,
  tagChanges,
  UNTITLED_DASHBOARD_TITLE_RU,
} from '@vitrina/common';
import { Alert, Button, Collapse, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeys, useSaveDashboardProperties } from '../../../api/dashboards.ts';
import { ApiError } from '../../../api/errors.ts';
import { useFeatureFlag } from '../../../api/featureFlags.ts';
import { useSaveObjectTags, useTaggingEnabled } from '../../../api/tags.ts';
import { Modal, TagPicker, useToasts } from '../../../components/index.ts';
import { CodeEditor } from './CodeEditor.tsx';
import { ColorSchemeSelect } from './ColorSchemeSelect.tsx';
import { checkMetadata, issueKey, issueText } from './metadataValidation.ts';
import {
  changesFromDashboard,
  metadataText,
  type PropertiesChanges,
  propertiesBody,
} from './propertiesChanges.ts';
import { type RelatedItem, RelatedSelect } from './RelatedSelect.tsx';
import { REFRESH_FREQUENCIES, refreshLabel } from './refreshFrequencies.ts';

export interface PropertiesModalProps {
  dashboard: DashboardDto;
  open: boolean;
  onClose(): void;
  /** 'save' writes the properties with PUT; 'apply' hands them to the page's unsaved state. */
  mode: 'save' | 'apply';
  onApply?(changes: PropertiesChanges): void;
  onSaved?(dto: DashboardDto): void;
}

const fullName = (user: { first_name: string; last_name: string; id: number }) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || String(user.id);

/**
 * A dashboard's properties: titles, slug, owners, roles, tags, certification, colours, refresh and
 * metadata. Tags are saved with the tagging calls when the modal is saved or applied (they are not part
 * of the dashboard's unsaved layout).
 */
export function PropertiesModal(props: PropertiesModalProps) {
  // Fresh state each time it opens, from the dashboard as it is then.
  return props.open ? <PropertiesForm {...props} /> : null;
}

function PropertiesForm({ dashboard, onClose, mode, onApply, onSaved }: PropertiesModalProps) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const rbac = useFeatureFlag('DASHBOARD_RBAC');
  const save = useSaveDashboardProperties();
  const queryClient = useQueryClient();
  const tagging = useTaggingEnabled();
  const saveTags = useSaveObjectTags();
  const initialTags = (dashboard.tags ?? []).map((tag) => tag.name);
  const [tags, setTags] = useState<string[]>(initialTags);
  const initial = changesFromDashboard(dashboard, {});
  const [title, setTitle] = useState(initial.title);
  const [titleRu, setTitleRu] = useState(initial.titleRu);
  const [slug, setSlug] = useState(initial.slug);
  const [owners, setOwners] = useState<RelatedItem[]>(
    dashboard.owners.map((owner) => ({ id: owner.id, name: fullName(owner) })),
  );
  const [roles, setRoles] = useState<RelatedItem[]>(
    dashboard.roles.map((role) => ({ id: role.id, name: role.name })),
  );
  const [certifiedBy, setCertifiedBy] = useState(initial.certifiedBy);
  const [certificationDetails, setCertificationDetails] = useState(initial.certificationDetails);
  const [metadataSource, setMetadataSource] = useState(() => metadataText(dashboard));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const check = checkMetadata(metadataSource);
  const metadata = check.metadata;

  const setMetadataKey = <K extends keyof DashboardMetadata>(
    key: K,
    value: DashboardMetadata[K] | undefined,
  ) => {
    if (!metadata) return;
    const next: DashboardMetadata = { ...metadata };
    if (value === undefined) delete next[key];
    else next[key] = value;
    setMetadataSource(JSON.stringify(next, null, 2));
  };

  const changes = (): PropertiesChanges | null =>
    metadata && {
      title,
      titleRu,
      slug,
      owners: owners.map((owner) => ({ id: owner.id, first_name: owner.name, last_name: '' })),
      roles: roles.map((role) => ({ id: role.id, name: role.name })),
      certifiedBy,
      certificationDetails,
      metadata,
    };

  const saveFailed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) {
      addDangerToast(t('dashboardProperties.forbidden'));
    } else if (error instanceof ApiError && error.status < 500 && error.message) {
      setFieldErrors(error.fieldErrors);
      addDangerToast(t('dashboardProperties.saveError', { message: error.message }));
    } else {
      addDangerToast(t('dashboardProperties.unknownError'));
    }
  };

  const { added, removed } = tagChanges(initialTags, tags);
  const tagsChanged = tagging && (added.length > 0 || removed.length > 0);
  const writeTags = async () => {
    if (!tagsChanged) return true;
    try {
      await saveTags('dashboard', dashboard.id, initialTags, tags);
      return true;
    } catch (error) {
      saveFailed(error);
      return false;
    }
  };

  const submit = () => {
    const current = changes();
    if (!current) return;
    if (mode === 'apply') {
      const apply = () => {
        onApply?.(current);
        onClose();
      };
      if (!tagsChanged) apply();
      else
        void writeTags().then((written) => {
          if (written) apply();
        });
      return;
    }
    const body = propertiesBody(current, { rbac, css: dashboard.css, changedOn: dashboard.changed_on });
    setFieldErrors({});
    save.mutate(
      { id: dashboard.id, body },
      {
        onSuccess: async (response) => {
          if (!(await writeTags())) return;
          addSuccessToast(t('dashboardProperties.saved'));
          onSaved?.({
            ...dashboard,
            dashboard_title: body.dashboard_title ?? dashboard.dashboard_title,
            dashboard_title_ru: body.dashboard_title_ru ?? null,
            slug: body.slug ?? null,
            owners: current.owners,
            roles: rbac ? current.roles : dashboard.roles,
            certified_by: body.certified_by ?? null,
            certification_details: body.certification_details ?? null,
            json_metadata: body.json_metadata ?? dashboard.json_metadata,
            changed_on: new Date(response.last_modified_time * 1000).toISOString(),
          });
          // The saved copy above carries the tags as they were; the server's has the new ones.
          if (tagsChanged) void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
          onClose();
        },
        onError: saveFailed,
      },
    );
  };

  const fieldHelp = (field: string) =>
    fieldErrors[field] ? { validateStatus: 'error' as const, help: fieldErrors[field].join(' ') } : {};
  const previewUrl = `${window.location.origin}/superset/dashboard/${slug.trim() || dashboard.id}/`;
  const refresh = metadata?.refresh_frequency ?? 0;

  return (
    <Modal
      open
      responsive
      title={t('dashboardProperties.title')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" disabled={!metadata} loading={save.isPending} onClick={submit}>
          {mode === 'apply' ? t('dashboardProperties.apply') : t('common.save')}
        </Button>,
      ]}
    >
      <Form layout="vertical" style={{ marginTop: 16 }} onFinish={submit}>
        <Typography.Title level={5}>{t('dashboardProperties.basic')}</Typography.Title>
        <Form.Item
          label={t('dashboardProperties.dashboardTitle')}
          htmlFor="dashboard-title"
          {...fieldHelp('dashboard_title')}
        >
          <Input id="dashboard-title" value={title} onChange={(event) => setTitle(event.target.value)} />
        </Form.Item>
        <Form.Item
          label={t('dashboardProperties.dashboardTitleRu')}
          htmlFor="dashboard-title-ru"
          {...fieldHelp('dashboard_title_ru')}
        >
          <Input
            id="dashboard-title-ru"
            value={titleRu}
            placeholder={t('dashboardProperties.titleRuPlaceholder', {
              placeholder: UNTITLED_DASHBOARD_TITLE_RU,
            })}
            onChange={(event) => setTitleRu(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={t('dashboardProperties.slug')}
          htmlFor="dashboard-slug"
          {...(fieldErrors.slug
            ? fieldHelp('slug')
            : { extra: t('dashboardProperties.slugPreview', { url: previewUrl }) })}
        >
          <Input id="dashboard-slug" value={slug} onChange={(event) => setSlug(event.target.value)} />
        </Form.Item>

        <Typography.Title level={5}>{t('dashboardProperties.access')}</Typography.Title>
        <Form.Item
          label={t('dashboardProperties.owners')}
          htmlFor="dashboard-owners"
          {...fieldHelp('owners')}
        >
          <RelatedSelect
            id="dashboard-owners"
            field="owners"
            value={owners}
            onChange={setOwners}
            placeholder={t('dashboardProperties.ownersPlaceholder')}
          />
        </Form.Item>
        {rbac && (
          <Form.Item label={t('dashboardProperties.roles')} htmlFor="dashboard-roles" {...fieldHelp('roles')}>
            <RelatedSelect
              id="dashboard-roles"
              field="roles"
              value={roles}
              onChange={setRoles}
              placeholder={t('dashboardProperties.rolesPlaceholder')}
            />
          </Form.Item>
        )}
        {tagging && (
          <Form.Item label={t('tags.label')} htmlFor="dashboard-tags" {...fieldHelp('tags')}>
            <TagPicker id="dashboard-tags" value={tags} onChange={setTags} />
          </Form.Item>
        )}

        <Typography.Title level={5}>{t('dashboardProperties.certification')}</Typography.Title>
        <Form.Item label={t('dashboardProperties.certifiedBy')} htmlFor="dashboard-certified-by">
          <Input
            id="dashboard-certified-by"
            value={certifiedBy}
            placeholder={t('dashboardProperties.certifiedByPlaceholder')}
            onChange={(event) => setCertifiedBy(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={t('dashboardProperties.certificationDetails')}
          htmlFor="dashboard-certification-details"
        >
          <Input
            id="dashboard-certification-details"
            value={certificationDetails}
            disabled={!certifiedBy.trim()}
            onChange={(event) => setCertificationDetails(event.target.value)}
          />
        </Form.Item>

        <Typography.Title level={5}>{t('dashboardProperties.appearance')}</Typography.Title>
        <Form.Item label={t('dashboardProperties.colorScheme')} htmlFor="dashboard-color-scheme">
          <ColorSchemeSelect
            id="dashboard-color-scheme"
            value={metadata?.color_scheme ?? undefined}
            disabled={!metadata}
            onChange={(scheme) => setMetadataKey('color_scheme', scheme)}
          />
        </Form.Item>
        <Form.Item label={t('dashboardProperties.refreshFrequency')} htmlFor="dashboard-refresh">
          <Select
            id="dashboard-refresh"
            value={refresh}
            disabled={!metadata}
            onChange={(seconds: number) => setMetadataKey('refresh_frequency', seconds)}
            options={[...new Set([...REFRESH_FREQUENCIES, refresh])].map((seconds) => {
              const label = refreshLabel(seconds);
              return { value: seconds, label: t(label.key, { count: label.count }) };
            })}
          />
        </Form.Item>

        <Collapse
          items={[
            {
              key: 'advanced',
              label: t('dashboardProperties.advanced'),
              forceRender: true,
              children: (
                <>
                  <CodeEditor
                    language="json"
                    value={metadataSource}
                    onChange={setMetadataSource}
                    ariaLabel={t('dashboardProperties.jsonMetadata')}
                  />
                  {check.issues.length > 0 && (
                    <Alert
                      type="error"
                      showIcon
                      style={{ marginTop: 8 }}
                      title={t('dashboardProperties.metadataInvalid')}
                      description={
                        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                          {check.issues.map((issue) => (
                            <li key={issueKey(issue)}>{issueText(issue, t)}</li>
                          ))}
                        </ul>
                      }
                    />
                  )}
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}

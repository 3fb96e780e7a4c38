import { useQuery } from '@tanstack/react-query';
import type { Chart, ItemResponse } from '@vitrina/common';
import { Flex, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { useSaveObjectTags, useTaggingEnabled } from '../../../api/tags.ts';
import { ErrorBox, FormModal, Modal, TagPicker, useFormSave, useToasts } from '../../../components/index.ts';

const CHARTS_PATH = '/api/v1/chart/';

interface PropertiesValues {
  slice_name: string;
  slice_name_ru: string;
  description: string;
  cache_timeout: number | null;
  certified_by: string;
  certification_details: string;
  owners: number[];
  tags: string[];
}

function ownerName(owner: { first_name: string; last_name: string; id: number }): string {
  return [owner.first_name, owner.last_name].filter(Boolean).join(' ') || String(owner.id);
}

function useOwnerOptions() {
  return useQuery({
    queryKey: ['explore', 'chartOwners'],
    queryFn: () =>
      api
        .get<{ result: Array<{ value: number; text: string }> }>(`${CHARTS_PATH}related/owners`, {
          page: 0,
          page_size: 100,
        })
        .then((body) => body.result),
    staleTime: 60_000,
  });
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Edit chart properties: names in both languages, description, cache timeout, certification, owners, tags. */
export function PropertiesModal({
  sliceId,
  onSaved,
  onClose,
}: {
  sliceId: number;
  onSaved: (values: { sliceName: string; sliceNameRu: string | null; owners: number[] }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<PropertiesValues>();
  const { formError, save } = useFormSave(form, onClose);
  const chart = useQuery({
    queryKey: ['explore', 'chart', sliceId],
    queryFn: () => api.get<ItemResponse<Chart>>(`${CHARTS_PATH}${sliceId}`).then((body) => body.result),
    gcTime: 0,
    retry: false,
  });
  const owners = useOwnerOptions();
  const tagging = useTaggingEnabled();
  const saveTags = useSaveObjectTags();

  // The form mounts once the chart is here, so its initial values are the chart's.
  if (chart.isPending || chart.isError) {
    return (
      <Modal open title={t('explore.properties.title')} onCancel={onClose} footer={null}>
        {chart.isError ? (
          <ErrorBox error={chart.error} />
        ) : (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
      </Modal>
    );
  }

  const current = chart.data;
  const tagNames = (current.tags ?? []).map((tag) => tag.name);
  const ownerOptions = [
    ...current.owners.map((owner) => ({ value: owner.id, label: ownerName(owner) })),
    ...(owners.data ?? [])
      .filter((option) => !current.owners.some((owner) => owner.id === option.value))
      .map((option) => ({ value: option.value, label: option.text })),
  ];

  const onFinish = (values: PropertiesValues) =>
    void save(async () => {
      const sliceName = values.slice_name.trim();
      const sliceNameRu = blankToNull(values.slice_name_ru);
      await api.put(`${CHARTS_PATH}${sliceId}`, {
        slice_name: sliceName,
        slice_name_ru: sliceNameRu,
        description: blankToNull(values.description),
        cache_timeout: values.cache_timeout ?? null,
        certified_by: blankToNull(values.certified_by),
        certification_details: blankToNull(values.certification_details),
        owners: values.owners,
      });
      if (tagging) await saveTags('chart', sliceId, tagNames, values.tags ?? []);
      addSuccessToast(t('explore.properties.saved', { name: sliceName }));
      onSaved({ sliceName, sliceNameRu, owners: values.owners });
    });

  return (
    <FormModal<PropertiesValues>
      form={form}
      title={t('explore.properties.title')}
      error={formError}
      onClose={onClose}
      onFinish={onFinish}
      initialValues={{
        slice_name: current.slice_name,
        slice_name_ru: current.slice_name_ru ?? '',
        description: current.description ?? '',
        cache_timeout: current.cache_timeout,
        certified_by: current.certified_by ?? '',
        certification_details: current.certification_details ?? '',
        owners: current.owners.map((owner) => owner.id),
        tags: tagNames,
      }}
    >
      <Form.Item
        name="slice_name"
        label={t('explore.properties.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 250 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="slice_name_ru" label={t('explore.properties.nameRu')} rules={[{ max: 250 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('explore.properties.description')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        name="cache_timeout"
        label={t('explore.properties.cacheTimeout')}
        extra={t('explore.properties.cacheTimeoutHint')}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="certified_by" label={t('explore.properties.certifiedBy')}>
        <Input />
      </Form.Item>
      <Form.Item name="certification_details" label={t('explore.properties.certificationDetails')}>
        <Input />
      </Form.Item>
      <Form.Item name="owners" label={t('explore.properties.owners')}>
        <Select
          mode="multiple"
          options={ownerOptions}
          loading={owners.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('explore.properties.owners')}
        />
      </Form.Item>
      {tagging && (
        <Form.Item name="tags" label={t('tags.label')} htmlFor="chart-tags">
          <TagPicker id="chart-tags" />
        </Form.Item>
      )}
    </FormModal>
  );
}

import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Form, Input, InputNumber, Progress, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { databaseKeys, useDatabaseOptions, useSchemas } from '../../api/databases.ts';
import { datasetKeys } from '../../api/datasets.ts';
import { uploadFile } from '../../api/upload.ts';
import { ErrorBox, Modal, showFieldErrors, useToasts } from '../../components/index.ts';
import { datasetEditPath } from './paths.ts';
import {
  DEFAULT_UPLOAD_VALUES,
  fileTypeOf,
  UPLOAD_ACCEPT,
  type UploadFormValues,
  uploadRequest,
  valuesForFile,
} from './uploadForm.ts';

interface UploadModalProps {
  /** The database to start with (the list row the dialog was opened from). */
  databaseId?: number;
  onClose: () => void;
}

const DELIMITERS = [
  { value: ',', labelKey: 'upload.delimiters.comma' },
  { value: ';', labelKey: 'upload.delimiters.semicolon' },
  { value: '\t', labelKey: 'upload.delimiters.tab' },
  { value: '|', labelKey: 'upload.delimiters.pipe' },
] as const;

/** Upload a CSV, Excel or Parquet file into a table of a database that allows it; creates its dataset. */
export function UploadModal({ databaseId, onClose }: UploadModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<UploadFormValues>();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const [formError, setFormError] = useState<unknown>();
  const databases = useDatabaseOptions({ allowFileUpload: true });
  const selectedDatabase = Form.useWatch('database', form);
  const schemas = useSchemas(selectedDatabase, { uploadAllowed: true });
  const uploading = progress !== undefined;
  const fileType = file ? fileTypeOf(file.name) : undefined;

  const pickFile = (next: File) => {
    const current = form.getFieldsValue(['table_name', 'delimiter']) as UploadFormValues;
    form.setFieldsValue(valuesForFile(next.name, current, file?.name));
    setFile(next);
    form.setFields([{ name: 'file', errors: [] }]);
  };

  const submit = async (values: UploadFormValues) => {
    if (!file) {
      form.setFields([{ name: 'file', errors: [t('upload.fileRequired')] }]);
      return;
    }
    setFormError(undefined);
    setProgress(0);
    const request = uploadRequest(values, file);
    try {
      const response = await uploadFile(request, setProgress);
      void queryClient.invalidateQueries({ queryKey: datasetKeys.all });
      void queryClient.invalidateQueries({ queryKey: databaseKeys.all });
      addSuccessToast(t('upload.done', { table: request.tableName }), {
        duration: 8,
        action: {
          label: t('upload.openDataset'),
          onClick: () => void navigate(datasetEditPath(response.id)),
        },
      });
      onClose();
    } catch (error) {
      setProgress(undefined);
      if (!showFieldErrors(form, error)) setFormError(error);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={t('upload.title')}
      okText={t('upload.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={uploading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {formError !== undefined && (
        <div style={{ marginBottom: 16 }}>
          <ErrorBox error={formError} />
        </div>
      )}
      <Form<UploadFormValues>
        form={form}
        layout="vertical"
        initialValues={{ ...DEFAULT_UPLOAD_VALUES, database: databaseId }}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
        disabled={uploading}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="file" label={t('upload.file')} required>
          <Upload.Dragger
            accept={UPLOAD_ACCEPT}
            multiple={false}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(next) => {
              pickFile(next);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            {file ? (
              <Typography.Text strong>{file.name}</Typography.Text>
            ) : (
              <Typography.Text>{t('upload.dropHint')}</Typography.Text>
            )}
            <p className="ant-upload-hint">{t('upload.fileTypes')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            name="database"
            label={t('upload.database')}
            rules={[{ required: true, message: t('validation.required') }]}
            style={{ flex: 1 }}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={databases.isPending}
              placeholder={t('upload.databasePlaceholder')}
              notFoundContent={t('upload.noDatabases')}
              options={(databases.data ?? []).map((database) => ({
                value: database.id,
                label: database.database_name,
              }))}
              onChange={() => form.setFieldsValue({ schema: undefined })}
            />
          </Form.Item>
          <Form.Item name="schema" label={t('upload.schema')} style={{ flex: 1 }}>
            <Select
              showSearch
              allowClear
              loading={schemas.isFetching}
              disabled={selectedDatabase === undefined || uploading}
              placeholder={t('upload.schemaPlaceholder')}
              options={(schemas.data ?? []).map((schema) => ({ value: schema, label: schema }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="table_name"
          label={t('upload.tableName')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="already_exists" label={t('upload.alreadyExists')}>
          <Select
            options={[
              { value: 'fail', label: t('upload.ifExists.fail') },
              { value: 'replace', label: t('upload.ifExists.replace') },
              { value: 'append', label: t('upload.ifExists.append') },
            ]}
          />
        </Form.Item>
        {fileType !== 'columnar' && (
          <Flex gap={12}>
            {fileType !== 'excel' && (
              <Form.Item name="delimiter" label={t('upload.delimiter')} style={{ flex: 1 }}>
                <Select
                  options={DELIMITERS.map((item) => ({ value: item.value, label: t(item.labelKey) }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="header_row"
              label={t('upload.headerRow')}
              extra={t('upload.headerRowHelp')}
              style={{ flex: 1 }}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        )}
        <Form.Item name="column_dates" label={t('upload.columnDates')} extra={t('upload.columnDatesHelp')}>
          <Select mode="tags" open={false} tokenSeparators={[',']} suffixIcon={null} />
        </Form.Item>
      </Form>
      {uploading && (
        <Progress
          percent={Math.round((progress ?? 0) * 100)}
          status="active"
          format={(percent) => (percent === 100 ? t('upload.processing') : `${percent}%`)}
        />
      )}
    </Modal>
  );
}

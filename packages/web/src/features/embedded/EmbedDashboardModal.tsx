import { checkAllowedDomains, splitDomains } from '@vitrina/common/embedded/allowedDomains';
import { Alert, Button, Flex, Input, Popconfirm, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { CopyToClipboard, ErrorBox, Modal, useToasts } from '../../components/index.ts';
import { useDeleteEmbedded, useEmbeddedConfig, useSaveEmbedded } from './api.ts';

/**
 * 'Embed dashboard' (Superset's DashboardEmbedModal): the sites allowed to frame the dashboard, and the
 * embed ID a host application passes to the SDK; enabling, changing and deactivating embedding.
 */
export function EmbedDashboardModal({ dashboardId, onClose }: { dashboardId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const config = useEmbeddedConfig(dashboardId);
  const save = useSaveEmbedded(dashboardId);
  const remove = useDeleteEmbedded(dashboardId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const loaded = config.data;
  useEffect(() => {
    if (loaded) setText(loaded.allowed_domains.join('\n'));
  }, [loaded]);

  const submit = () => {
    const { origins, invalid } = checkAllowedDomains(splitDomains(text));
    if (invalid.length > 0) {
      setProblem(invalid.map((domain) => t('embedded.modal.invalidDomain', { domain })).join(' '));
      return;
    }
    setProblem(null);
    save.mutate(origins, {
      onSuccess: () => addSuccessToast(t('embedded.modal.saved')),
      onError: (error) => setProblem(errorText(error, t)),
    });
  };
  const deactivate = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setText('');
        addSuccessToast(t('embedded.modal.deactivated'));
      },
      onError: (error) => setProblem(errorText(error, t)),
    });

  const footer = [
    ...(loaded
      ? [
          <Popconfirm
            key="deactivate"
            title={t('embedded.modal.deactivateConfirm')}
            onConfirm={deactivate}
            okText={t('embedded.modal.deactivate')}
            cancelText={t('embedded.modal.close')}
          >
            <Button danger loading={remove.isPending}>
              {t('embedded.modal.deactivate')}
            </Button>
          </Popconfirm>,
        ]
      : []),
    <Button key="close" onClick={onClose}>
      {t('embedded.modal.close')}
    </Button>,
    <Button key="save" type="primary" loading={save.isPending} disabled={config.isPending} onClick={submit}>
      {t(loaded ? 'embedded.modal.saveChanges' : 'embedded.modal.enable')}
    </Button>,
  ];

  return (
    <Modal open title={t('embedded.modal.title')} onCancel={onClose} footer={footer}>
      {config.isPending ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : config.error ? (
        <ErrorBox error={config.error} title={t('embedded.modal.loadFailed')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('embedded.modal.intro')}</Typography.Paragraph>
          <div>
            <label htmlFor="embedded-allowed-domains">
              <Typography.Text strong>{t('embedded.modal.allowedDomains')}</Typography.Text>
            </label>
            <Input.TextArea
              id="embedded-allowed-domains"
              rows={3}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="https://app.example.com"
            />
            <Typography.Text type="secondary">{t('embedded.modal.allowedDomainsHelp')}</Typography.Text>
          </div>
          {problem && <Alert type="error" showIcon message={problem} />}
          {loaded ? (
            <div data-testid="embed-id">
              <Typography.Text strong>{t('embedded.modal.embedId')}</Typography.Text>
              <Flex gap={8} align="center">
                <Typography.Text code>{loaded.uuid}</Typography.Text>
                <CopyToClipboard text={loaded.uuid}>{t('embedded.modal.copyId')}</CopyToClipboard>
              </Flex>
              <Typography.Text type="secondary">{t('embedded.modal.embedIdHelp')}</Typography.Text>
            </div>
          ) : (
            <Typography.Text type="secondary">{t('embedded.modal.notEmbedded')}</Typography.Text>
          )}
        </Flex>
      )}
    </Modal>
  );
}

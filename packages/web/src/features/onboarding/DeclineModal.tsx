import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useDecideStatement } from '../../api/onboarding.ts';
import { Modal, useToasts } from '../../components/index.ts';

/** Declines a request with a comment the requester reads on their profile. */
export function DeclineModal({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [form] = Form.useForm<{ comment: string }>();
  const decide = useDecideStatement(requestId);

  const decline = ({ comment }: { comment: string }) =>
    decide.mutate(
      { is_approved: false, decision_comment: comment.trim() },
      {
        onSuccess: () => {
          addSuccessToast(t('onboarding.request.declinedSuccess'));
          onClose();
        },
        onError: (error) => addDangerToast(`${t('onboarding.request.closeError')}: ${errorText(error, t)}`),
      },
    );

  return (
    <Modal
      open
      title={t('onboarding.decline.title')}
      okText={t('onboarding.decline.confirm')}
      okButtonProps={{ danger: true, loading: decide.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={decline}>
        <Form.Item
          name="comment"
          label={t('onboarding.decline.comment')}
          rules={[{ required: true, whitespace: true, message: t('onboarding.decline.commentRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={2000} aria-label={t('onboarding.decline.comment')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

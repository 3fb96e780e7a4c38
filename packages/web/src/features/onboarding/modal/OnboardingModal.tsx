import { SolutionOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';

/** Every step's frame: the same title, 1000 px wide, no footer, the step on the left and a picture right. */
export function OnboardingModal({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('onboarding.modal.title')} width={1000} footer={null} onCancel={onClose}>
      <Row gutter={24}>
        <Col span={14}>{children}</Col>
        <Col span={10} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <SolutionOutlined aria-hidden style={{ fontSize: 160, color: 'var(--ant-color-primary-border)' }} />
        </Col>
      </Row>
    </Modal>
  );
}

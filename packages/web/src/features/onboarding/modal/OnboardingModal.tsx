import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { type IllustrationKind, OnboardingIllustration } from './OnboardingIllustration.tsx';

/**
 * Every step's frame: the same title, 1000 px wide, no footer, the step on the left (14 of 24 columns)
 * and the step's illustration on the right (10).
 */
export function OnboardingModal({
  illustration,
  onClose,
  children,
}: {
  illustration: IllustrationKind;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('onboarding.modal.title')} width={1000} footer={null} onCancel={onClose}>
      <Row gutter={24}>
        <Col span={14}>{children}</Col>
        <Col span={10} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <OnboardingIllustration kind={illustration} />
        </Col>
      </Row>
    </Modal>
  );
}

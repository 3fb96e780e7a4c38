import { LockOutlined } from '@ant-design/icons';
import { errorTypesOf } from '@vitrina/common';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useMyStatements } from '../../api/onboarding.ts';
import { registerErrorComponent, type TypedErrorProps } from '../../components/index.ts';
import { startOnboardingByUser, useOnboardingMenu } from '../onboarding/index.ts';

/**
 * A refused grant (a chart's dataset, a table, a database): says the person lacks access rather than a
 * bare refusal, and offers the onboarding request flow — or says their request is waiting.
 */
export function DataAccessError({ error }: TypedErrorProps) {
  const { t } = useTranslation();
  const onboarding = useOnboardingMenu();
  const statements = useMyStatements();
  const waiting = statements.data?.some((statement) => statement.state === 'open') === true;
  return (
    <Flex vertical gap={8} role="alert" style={{ padding: 12 }}>
      <Typography.Text strong>
        <LockOutlined /> {t('access.noDataAccess.title')}
      </Typography.Text>
      <Typography.Text type="secondary">
        {waiting ? t('access.noDataAccess.waiting') : t('access.noDataAccess.description')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {errorText(error, t)}
      </Typography.Text>
      {!waiting && onboarding.visible && (
        <div>
          <Button type="primary" size="small" onClick={startOnboardingByUser}>
            {t('access.noDataAccess.request')}
          </Button>
        </div>
      )}
    </Flex>
  );
}

/** Refused grants render as DataAccessError everywhere an error box shows a typed error. */
export function registerAccessErrors(): void {
  registerErrorComponent(errorTypesOf('security'), DataAccessError);
}

import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useCurrentUserRoles } from '../../api/me.ts';
import { pathVisible } from '../../app/shell/navigation.ts';
import { Page } from '../../components/index.ts';
import { AREAS } from './areas.tsx';

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const roles = useCurrentUserRoles();
  const name = user.data ? user.data.first_name || user.data.username : '';

  return (
    <Page title={t('home.welcome', { name })}>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('home.intro')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {AREAS.filter((area) => pathVisible(area.path, roles.data?.roles ?? {})).map((area) => (
          <Col key={area.key} xs={24} sm={12} lg={8}>
            <Link to={area.path} aria-label={t(area.titleKey)}>
              <Card hoverable style={{ height: '100%' }}>
                <Card.Meta
                  avatar={
                    <span style={{ fontSize: 28, color: 'var(--ant-color-primary)' }}>{area.icon}</span>
                  }
                  title={t(area.titleKey)}
                  description={t(area.descriptionKey)}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Page>
  );
}

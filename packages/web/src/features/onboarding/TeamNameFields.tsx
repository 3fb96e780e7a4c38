import { teamDisplayName, teamSlug } from '@vitrina/common';
import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamNameRules, typedTeamNameFromEvent } from './teamNameField.ts';

interface TeamNameFieldsProps {
  form: FormInstance;
  /** The typed part of the name as the form holds it now. */
  typed: string;
  isExternal: boolean;
  /** Creating shows the slug the name gives; editing keeps the slug, so it is not shown. */
  showSlug: boolean;
}

/** The team modals' name field (field `typed`) with the full name, and the slug, it makes. */
export function TeamNameFields({ form, typed, isExternal, showSlug }: TeamNameFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="typed"
        label={t('onboarding.createTeam.teamName')}
        getValueFromEvent={typedTeamNameFromEvent(form, 'typed')}
        rules={teamNameRules(t)}
      >
        <Input aria-label={t('onboarding.createTeam.teamName')} />
      </Form.Item>
      <Form.Item label={t('onboarding.createTeam.fullName')}>
        <Input
          aria-label={t('onboarding.createTeam.fullName')}
          disabled
          value={typed.trim() ? teamDisplayName(typed, isExternal) : ''}
        />
      </Form.Item>
      {showSlug && (
        <Form.Item label={t('onboarding.createTeam.slug')}>
          <Input
            aria-label={t('onboarding.createTeam.slug')}
            disabled
            value={typed.trim() ? teamSlug(typed, isExternal) : ''}
          />
        </Form.Item>
      )}
    </>
  );
}

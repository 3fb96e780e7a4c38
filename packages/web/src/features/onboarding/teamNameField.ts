import { acceptTypedTeamName, MAX_TEAM_NAME_LENGTH, MIN_TEAM_NAME_LENGTH } from '@vitrina/common';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The 'Team Name' field of the create and edit team modals: what may be typed (letters, digits, spaces,
 * one dot, an optional leading '-'), upper-cased as typed, 3 to 20 characters.
 */
export function typedTeamNameFromEvent(form: FormInstance, field: string) {
  return (event: { target: { value: string } }): string =>
    acceptTypedTeamName(event.target.value) ?? form.getFieldValue(field);
}

export function teamNameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('onboarding.createTeam.teamNameRequired') },
    {
      validator: (_rule, value: string | undefined) => {
        const length = (value ?? '').trim().length;
        if (length > 0 && length < MIN_TEAM_NAME_LENGTH)
          return Promise.reject(new Error(t('onboarding.createTeam.tooShort')));
        if ((value ?? '').length > MAX_TEAM_NAME_LENGTH)
          return Promise.reject(new Error(t('onboarding.createTeam.tooLong')));
        return Promise.resolve();
      },
    },
  ];
}

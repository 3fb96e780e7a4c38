import { type ErrorKind, errorTypesOf } from '@vitrina/common';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { ErrorBox } from '../ErrorBox.tsx';
import { registerErrorComponent, type TypedErrorProps } from './errorRegistry.ts';

/** The kinds' titles and, where the server's text alone does not say what to do, a hint behind 'See more'. */
const HINTS: Partial<Record<ErrorKind, string>> = {
  timeout: 'errorMessages.timeoutHint',
  network: 'errorMessages.networkHint',
  template: 'errorMessages.templateHint',
};

function kindMessage(kind: ErrorKind) {
  function KindErrorMessage({ error }: TypedErrorProps) {
    const { t, i18n } = useTranslation();
    const hint = HINTS[kind];
    const issues = error.issues.map((issue) =>
      t('errors.issue', { code: issue.code, message: t(issue.messageKey) }),
    );
    // The server's text is English (or the database's own words): the type's explanation says it in the
    // reader's language, and the server's text follows as the details.
    const explanationKey = `errorMessages.explain.${error.errorType}`;
    const explanation = i18n.exists(explanationKey) ? t(explanationKey) : null;
    const serverText = errorText(error, t);
    // The server's text is the specific part (what was refused, the database's words): shown, not hidden.
    const serverDetails = explanation && serverText !== explanation ? serverText : '';
    const details = [serverDetails, hint ? t(hint) : '', ...issues].filter(Boolean).join('\n');
    return (
      <ErrorBox
        plain
        title={t(`errorMessages.${kind}`)}
        message={explanation ?? serverText}
        {...(details && { details })}
        detailsOpen={serverDetails !== ''}
        {...(error.link && { link: error.link })}
      />
    );
  }
  KindErrorMessage.displayName = `${kind}ErrorMessage`;
  return KindErrorMessage;
}

/** Each kind's own message; features may register richer ones over these. */
for (const kind of ['timeout', 'network', 'database', 'security', 'template', 'sqlLab'] as const) {
  registerErrorComponent(errorTypesOf(kind), kindMessage(kind));
}

import { Alert, Button, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../api/errors.ts';
import { CopyToClipboard } from './CopyToClipboard.tsx';
import { errorComponentFor } from './errors/errorRegistry.ts';
// The built-in components per error kind register themselves.
import './errors/builtInErrors.tsx';

interface ErrorBoxProps {
  /** Defaults to 'Unexpected error'. */
  title?: ReactNode;
  /** The text to show; taken from `error` when omitted. */
  message?: string;
  /** Any thrown value; an ApiError also supplies the link and the issue hints. */
  error?: unknown;
  /** Longer text behind 'See more'. */
  details?: string;
  /** Shows the details from the start (e.g. the database's own message under a translated explanation). */
  detailsOpen?: boolean;
  /** Where to ask for access; adds '(Request Access)'. */
  link?: string;
  /** Draws this box even for an error whose type has a registered component (those components use it). */
  plain?: boolean;
}

/**
 * The spec's error box: a warning with the message, 'See more', 'Copy message' and '(Request Access)'. A
 * typed error (an ApiError whose error_type has a registered component) is drawn by that component
 * instead, unless the caller gives its own text.
 */
export function ErrorBox(props: ErrorBoxProps) {
  const { error, message, title, plain } = props;
  const Typed =
    error instanceof ApiError && !plain && message === undefined && title === undefined
      ? errorComponentFor(error.errorType)
      : undefined;
  if (Typed && error instanceof ApiError) return <Typed error={error} />;
  return <PlainErrorBox {...props} />;
}

function PlainErrorBox({ title, message, error, details, detailsOpen, link }: ErrorBoxProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(detailsOpen ?? false);

  const text = message ?? (error === undefined ? t('errors.unknown') : errorText(error, t));
  const requestLink = link ?? (error instanceof ApiError ? error.link : undefined);
  const issues =
    error instanceof ApiError
      ? error.issues.map((issue) => t('errors.issue', { code: issue.code, message: t(issue.messageKey) }))
      : [];
  const moreText = [details, ...issues].filter(Boolean).join('\n');

  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={title ?? t('errorBox.title')}
      description={
        <Flex vertical gap={8}>
          <Typography.Text>
            {text}
            {requestLink && (
              <>
                {' '}
                <a href={requestLink} target="_blank" rel="noreferrer">
                  {t('errorBox.requestAccess')}
                </a>
              </>
            )}
          </Typography.Text>
          {moreText && expanded && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {moreText}
            </Typography.Paragraph>
          )}
          <Flex gap={8} wrap>
            {moreText && (
              <Button size="small" type="link" onClick={() => setExpanded((value) => !value)}>
                {expanded ? t('errorBox.seeLess') : t('errorBox.seeMore')}
              </Button>
            )}
            <CopyToClipboard
              text={[text, moreText].filter(Boolean).join('\n')}
              buttonProps={{ size: 'small' }}
            >
              {t('errorBox.copyMessage')}
            </CopyToClipboard>
          </Flex>
        </Flex>
      }
    />
  );
}

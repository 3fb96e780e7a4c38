import { Alert, Button, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../api/errors.ts';
import { CopyToClipboard } from './CopyToClipboard.tsx';

interface ErrorBoxProps {
  /** Defaults to 'Unexpected error'. */
  title?: ReactNode;
  /** The text to show; taken from `error` when omitted. */
  message?: string;
  /** Any thrown value; an ApiError also supplies the link and the issue hints. */
  error?: unknown;
  /** Longer text behind 'See more'. */
  details?: string;
  /** Where to ask for access; adds '(Request Access)'. */
  link?: string;
}

/** The spec's error box: a warning with the message, 'See more', 'Copy message' and '(Request Access)'. */
export function ErrorBox({ title, message, error, details, link }: ErrorBoxProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);

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

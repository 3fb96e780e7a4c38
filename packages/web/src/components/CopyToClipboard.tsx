import { CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './copyText.ts';
import { useToasts } from './toast/index.ts';

interface CopyToClipboardProps {
  text: string;
  /** The button's label; an icon-only button when omitted. */
  children?: ReactNode;
  buttonProps?: ButtonProps;
}

/** A button that copies `text` and says whether it worked, with the spec's two messages. */
export function CopyToClipboard({ text, children, buttonProps }: CopyToClipboardProps) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();

  const copy = async () => {
    if (await copyText(text)) addSuccessToast(t('copy.copied'));
    else addDangerToast(t('copy.unsupported'));
  };

  return (
    <Button
      icon={<CopyOutlined />}
      aria-label={children ? undefined : t('copy.copy')}
      onClick={() => void copy()}
      {...buttonProps}
    >
      {children}
    </Button>
  );
}

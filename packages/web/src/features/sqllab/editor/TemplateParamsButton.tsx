import { Alert, Badge, Button, Input, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateParamsError } from '../templateParams.ts';

interface TemplateParamsButtonProps {
  value: string;
  onChange: (value: string) => void;
}

/** The Jinja template parameters (a JSON object); invalid JSON shows its error under the text. */
export function TemplateParamsButton({ value, onChange }: TemplateParamsButtonProps) {
  const { t } = useTranslation();
  const error = templateParamsError(value);
  const content = (
    <div style={{ width: 360 }}>
      <Input.TextArea
        aria-label={t('sqlLab.templateParamsTitle')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoSize={{ minRows: 6, maxRows: 16 }}
        style={{ fontFamily: 'monospace' }}
        placeholder='{"my_param": 1}'
      />
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={t('sqlLab.templateParamsInvalid', { message: error })}
        />
      )}
    </div>
  );
  return (
    <Popover title={t('sqlLab.templateParamsTitle')} content={content} trigger="click">
      <Badge dot={Boolean(error)}>
        <Button>{t('sqlLab.templateParams')}</Button>
      </Badge>
    </Popover>
  );
}

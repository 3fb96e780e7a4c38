import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Input, Tooltip } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordInputProps = ComponentProps<typeof Input.Password>;

/** A password field whose eye icon says what it does ('Show password.' / 'Hide password.'). */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <Input.Password
      iconRender={(visible) => (
        <Tooltip title={visible ? t('password.hide') : t('password.show')}>
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </Tooltip>
      )}
      {...props}
    />
  );
}

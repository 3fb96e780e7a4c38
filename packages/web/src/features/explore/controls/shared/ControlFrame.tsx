import { InfoCircleOutlined } from '@ant-design/icons';
import type { ControlConfig, ValidationMessage } from '@vitrina/common';
import { Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequired } from './controlMeta.ts';

interface ControlLabelProps {
  control: ControlConfig;
  /** The id of the input the label names, when there is one. */
  htmlFor?: string;
  /** An id for the label element, for inputs that name themselves with aria-labelledby. */
  labelId?: string;
  /** Something to show at the right end of the header (an add button, a reset link). */
  extra?: ReactNode;
}

/** The asterisk of a required control (one that runs nonEmpty). */
export function RequiredMark({ control }: { control: ControlConfig }) {
  if (!isRequired(control)) return null;
  return (
    <span className="explore-control-required" aria-hidden="true" style={{ color: '#e04355' }}>
      {' *'}
    </span>
  );
}

/** The control's description, as an info icon with a tooltip. */
export function DescriptionTip({ control }: { control: ControlConfig }) {
  const { t } = useTranslation();
  if (!control.descriptionKey) return null;
  return (
    <Tooltip title={t(control.descriptionKey)}>
      <InfoCircleOutlined
        aria-label={t(control.descriptionKey)}
        style={{ color: 'var(--ant-color-text-tertiary)' }}
      />
    </Tooltip>
  );
}

/** A control's header: its label, an asterisk when required, its description as a tooltip. */
export function ControlLabel({ control, htmlFor, labelId, extra }: ControlLabelProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={4} className="explore-control-header" style={{ marginBottom: 4 }}>
      <label id={labelId} htmlFor={htmlFor} style={{ fontWeight: 500 }}>
        {t(control.labelKey)}
        <RequiredMark control={control} />
      </label>
      <DescriptionTip control={control} />
      {extra && <span style={{ marginInlineStart: 'auto' }}>{extra}</span>}
    </Flex>
  );
}

/** The control's validator messages, under it, in the UI language. */
export function ControlErrors({ errors }: { errors: readonly ValidationMessage[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <div className="explore-control-errors" role="alert" style={{ marginTop: 2 }}>
      {errors.map((message) => (
        <Typography.Text key={message.key} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {t(message.key, message.params)}
        </Typography.Text>
      ))}
    </div>
  );
}

interface ControlFrameProps extends ControlLabelProps {
  errors: readonly ValidationMessage[];
  children: ReactNode;
}

/** Label above, the input, messages below: the frame every control sits in. */
export function ControlFrame({ control, htmlFor, labelId, extra, errors, children }: ControlFrameProps) {
  return (
    <div className="explore-control" data-control={control.name}>
      <ControlLabel control={control} htmlFor={htmlFor} labelId={labelId} extra={extra} />
      {children}
      <ControlErrors errors={errors} />
    </div>
  );
}

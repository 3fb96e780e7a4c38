import type {
  ControlConfig,
  ControlType,
  ExploreDataset,
  FormData,
  ValidationMessage,
} from '@vitrina/common';
import type { ComponentType } from 'react';

/**
 * What explore's control panel gives every control component. A control is controlled: it shows `value`
 * and reports changes through `onChange`; it never keeps the value itself. `errors` are the control's
 * validator messages, shown under it (as i18n keys with params).
 */
export interface ControlProps {
  control: ControlConfig;
  value: unknown;
  onChange: (value: unknown) => void;
  formData: FormData;
  datasource: ExploreDataset;
  errors: readonly ValidationMessage[];
}

/** One component per control type; the control panel looks components up here. */
export type ControlComponents = Record<ControlType, ComponentType<ControlProps>>;

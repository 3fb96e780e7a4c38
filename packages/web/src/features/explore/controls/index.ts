/**
 * Explore's control components, one per control type (common/viz/types.ts CONTROL_TYPES). The control
 * panel looks a control's component up here and renders it with ControlProps.
 */
import { AnnotationLayerControl } from './annotations/AnnotationLayerControl.tsx';
import { BoundsControl } from './basic/BoundsControl.tsx';
import {
  CheckboxControl,
  NumberControl,
  RadioButtonControl,
  SliderControl,
  TextAreaControl,
  TextControl,
} from './basic/InputControls.tsx';
import { ColorPickerControl } from './color/ColorPickerControl.tsx';
import { ColorSchemeControl } from './color/ColorSchemeControl.tsx';
import { ColumnConfigControl } from './columnConfig/ColumnConfigControl.tsx';
import { ColumnControl, GroupByControl, TemporalColumnControl } from './columns/ColumnsControl.tsx';
import { AdhocFilterControl } from './filters/AdhocFilterControl.tsx';
import { ConditionalFormattingControl } from './formatting/ConditionalFormattingControl.tsx';
import { MetricControl, MetricsControl } from './metrics/MetricsControl.tsx';
import { CurrencyControl } from './select/CurrencyControl.tsx';
import { NumberFormatControl, TimeFormatControl } from './select/FormatControls.tsx';
import { SelectControl } from './select/SelectControl.tsx';
import { TimeGrainControl } from './select/TimeGrainControl.tsx';
import { TimeRangeControl } from './timeRange/TimeRangeControl.tsx';
import type { ControlComponents } from './types.ts';

export const CONTROL_COMPONENTS: ControlComponents = {
  MetricsControl,
  MetricControl,
  GroupByControl,
  ColumnControl,
  TemporalColumnControl,
  AdhocFilterControl,
  TimeRangeControl,
  TimeGrainControl,
  SelectControl,
  CheckboxControl,
  TextControl,
  NumberControl,
  BoundsControl,
  SliderControl,
  TextAreaControl,
  ColorSchemeControl,
  ColorPickerControl,
  RadioButtonControl,
  NumberFormatControl,
  TimeFormatControl,
  CurrencyControl,
  AnnotationLayerControl,
  ConditionalFormattingControl,
  ColumnConfigControl,
};

export { TimeRangeField } from './timeRange/TimeRangeField.tsx';
export type { ControlComponents, ControlProps } from './types.ts';

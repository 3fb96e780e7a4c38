import type { DataMask, ExtraFormData, NativeFilter } from '@vitrina/common/filters/types';

/** What the filter bar gives every filter control. */
export interface FilterControlProps {
  filter: NativeFilter;
  /** The filter's pending mask. */
  mask: DataMask | undefined;
  /** A new pending selection. */
  onChange: (mask: DataMask) => void;
  /** A selection the filter makes by itself (its first value by default): applied at once. */
  onDefault: (mask: DataMask) => void;
  /** What the filter's cascade parents have selected (applied or pending). */
  parentsExtraFormData: ExtraFormData;
  /** The control's accessible name. */
  ariaLabel: string;
  /** Narrower controls in the horizontal bar. */
  compact?: boolean;
}

export { ChartMenu } from './ChartMenu.tsx';
export { chartTimingKey } from './timingKey.ts';
export type { ChartMenuProps } from './types.ts';

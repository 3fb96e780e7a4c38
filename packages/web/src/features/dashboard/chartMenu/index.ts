export { ChartMenu } from './ChartMenu.tsx';
export type { ChartMenuProps } from './types.ts';

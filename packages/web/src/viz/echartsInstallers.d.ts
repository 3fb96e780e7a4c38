/** ECharts ships its parts' installers (echartsParts.ts loads them one by one) without type declarations. */
declare module 'echarts/lib/*.js' {
  import type { use } from 'echarts/core';

  export const install: Parameters<typeof use>[0];
  export const installLegacyGridContainLabel: Parameters<typeof use>[0];
}

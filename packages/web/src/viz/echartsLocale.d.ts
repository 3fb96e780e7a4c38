/** ECharts ships its locale objects without type declarations. */
declare module 'echarts/lib/i18n/langRU.js' {
  import type { registerLocale } from 'echarts/core';

  const locale: Parameters<typeof registerLocale>[1];
  export default locale;
}

/** A series' or component's installer (echartsParts.ts), shipped without type declarations too. */
declare module 'echarts/lib/*.js' {
  import type { use } from 'echarts/core';

  export const install: Parameters<typeof use>[0];
}

import type { ChartExample } from '../types.ts';

/** Over the `airports` example dataset: the sales rows carry no coordinates. */
export const example: ChartExample = {
  name: { en: 'US airports on a map', ru: 'Аэропорты США на карте' },
  dataset: 'airports',
  params: {
    all_columns_x: 'longitude',
    all_columns_y: 'latitude',
    mapbox_label: 'iata',
    row_limit: 5000,
    mapbox_style: 'mapbox://styles/mapbox/light-v11',
  },
};

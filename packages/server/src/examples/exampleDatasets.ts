/**
 * The datasets a new installation opens with, over the example tables: their metrics and the Russian
 * names of their columns and metrics, so explore and the chart gallery have something real to show.
 */

export interface ExampleMetric {
  metric_name: string;
  expression: string;
  verbose_name: string;
  verbose_name_ru: string;
  d3format?: string;
  currency?: { symbol: string; symbolPosition: 'prefix' | 'suffix' };
}

export interface ExampleDataset {
  table_name: string;
  /** column name → [English, Russian] verbose names. */
  columns: Record<string, [string, string]>;
  metrics: ExampleMetric[];
  description: [string, string];
}

export const EXAMPLE_DATASETS: readonly ExampleDataset[] = [
  {
    table_name: 'sales',
    description: [
      'Order lines of a retail chain, 2023–2025: one row per product sold.',
      'Строки заказов торговой сети за 2023–2025 годы: одна строка на проданный товар.',
    ],
    columns: {
      order_id: ['Order ID', 'Номер заказа'],
      order_ts: ['Order time', 'Время заказа'],
      region: ['Region', 'Регион'],
      country: ['Country', 'Страна'],
      city: ['City', 'Город'],
      product_category: ['Product category', 'Категория товара'],
      product: ['Product', 'Товар'],
      channel: ['Channel', 'Канал продаж'],
      customer_segment: ['Customer segment', 'Сегмент клиентов'],
      quantity: ['Quantity', 'Количество'],
      unit_price: ['Unit price', 'Цена за единицу'],
      discount: ['Discount', 'Скидка'],
      revenue: ['Revenue', 'Выручка'],
      cost: ['Cost', 'Себестоимость'],
      profit: ['Profit', 'Прибыль'],
    },
    metrics: [
      {
        metric_name: 'revenue',
        expression: 'SUM(revenue)',
        verbose_name: 'Revenue',
        verbose_name_ru: 'Выручка',
        d3format: ',.2f',
        currency: { symbol: 'USD', symbolPosition: 'prefix' },
      },
      {
        metric_name: 'profit',
        expression: 'SUM(profit)',
        verbose_name: 'Profit',
        verbose_name_ru: 'Прибыль',
        d3format: ',.2f',
        currency: { symbol: 'USD', symbolPosition: 'prefix' },
      },
      {
        metric_name: 'units_sold',
        expression: 'SUM(quantity)',
        verbose_name: 'Units sold',
        verbose_name_ru: 'Продано единиц',
        d3format: ',d',
      },
      {
        metric_name: 'orders',
        expression: 'COUNT(DISTINCT order_id)',
        verbose_name: 'Orders',
        verbose_name_ru: 'Заказы',
        d3format: ',d',
      },
      {
        metric_name: 'margin',
        expression: 'SUM(profit) / NULLIF(SUM(revenue), 0)',
        verbose_name: 'Margin',
        verbose_name_ru: 'Маржа',
        d3format: '.1%',
      },
    ],
  },
  {
    table_name: 'flights',
    description: [
      'Three million US domestic flights with their delays.',
      'Три миллиона внутренних рейсов США с задержками.',
    ],
    columns: {
      date: ['Departure', 'Вылет'],
      delay: ['Delay, min', 'Задержка, мин'],
      distance: ['Distance, miles', 'Расстояние, мили'],
      origin: ['Origin', 'Откуда'],
      destination: ['Destination', 'Куда'],
    },
    metrics: [
      {
        metric_name: 'avg_delay',
        expression: 'AVG(delay)',
        verbose_name: 'Average delay',
        verbose_name_ru: 'Средняя задержка',
        d3format: ',.1f',
      },
      {
        metric_name: 'total_distance',
        expression: 'SUM(distance)',
        verbose_name: 'Total distance',
        verbose_name_ru: 'Общее расстояние',
        d3format: ',d',
      },
    ],
  },
  {
    table_name: 'stocks',
    description: [
      'Monthly closing prices of five technology stocks, 2000–2010.',
      'Месячные цены закрытия пяти технологических акций, 2000–2010.',
    ],
    columns: { symbol: ['Symbol', 'Тикер'], date: ['Date', 'Дата'], price: ['Price', 'Цена'] },
    metrics: [
      {
        metric_name: 'avg_price',
        expression: 'AVG(price)',
        verbose_name: 'Average price',
        verbose_name_ru: 'Средняя цена',
        d3format: ',.2f',
        currency: { symbol: 'USD', symbolPosition: 'prefix' },
      },
    ],
  },
  {
    table_name: 'seattle_weather',
    description: ['Daily weather in Seattle, 2012–2015.', 'Погода в Сиэтле по дням, 2012–2015.'],
    columns: {
      date: ['Date', 'Дата'],
      precipitation: ['Precipitation, mm', 'Осадки, мм'],
      temp_max: ['Max temperature, °C', 'Максимальная температура, °C'],
      temp_min: ['Min temperature, °C', 'Минимальная температура, °C'],
      wind: ['Wind, m/s', 'Ветер, м/с'],
      weather: ['Weather', 'Погода'],
    },
    metrics: [
      {
        metric_name: 'avg_temp_max',
        expression: 'AVG(temp_max)',
        verbose_name: 'Average max temperature',
        verbose_name_ru: 'Средняя максимальная температура',
        d3format: '.1f',
      },
      {
        metric_name: 'total_precipitation',
        expression: 'SUM(precipitation)',
        verbose_name: 'Total precipitation',
        verbose_name_ru: 'Сумма осадков',
        d3format: ',.1f',
      },
    ],
  },
  {
    table_name: 'cars',
    description: [
      'Cars of the 1970s and early 1980s with their engines and economy.',
      'Автомобили 1970-х и начала 1980-х: двигатели и расход топлива.',
    ],
    columns: {},
    metrics: [
      {
        metric_name: 'avg_horsepower',
        expression: 'AVG(horsepower)',
        verbose_name: 'Average horsepower',
        verbose_name_ru: 'Средняя мощность',
        d3format: ',.0f',
      },
    ],
  },
  {
    table_name: 'movies',
    description: [
      'Films with their box office takings and ratings.',
      'Фильмы с кассовыми сборами и рейтингами.',
    ],
    columns: {},
    metrics: [
      {
        metric_name: 'worldwide_gross',
        expression: 'SUM(worldwide_gross)',
        verbose_name: 'Worldwide gross',
        verbose_name_ru: 'Мировые сборы',
        d3format: '$,.3s',
      },
      {
        metric_name: 'avg_imdb_rating',
        expression: 'AVG(imdb_rating)',
        verbose_name: 'Average IMDB rating',
        verbose_name_ru: 'Средний рейтинг IMDB',
        d3format: '.2f',
      },
    ],
  },
  {
    table_name: 'airports',
    description: ['US airports with their locations.', 'Аэропорты США и их координаты.'],
    columns: {},
    metrics: [],
  },
];

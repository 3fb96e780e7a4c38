import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlString } from './vegaDatasets.ts';

/**
 * The generated `sales` fact table: one row per order line over three years (2023-2025) in five
 * regions, with Russian and Kazakh cities spelled in Cyrillic. Nothing is random: every value is
 * derived from the row number through an integer hash written in SQL (so it does not depend on
 * DuckDB's own hash(), which may change between versions), and every load gives the same table,
 * row for row.
 *
 * Values are chosen with weights: each dimension is shared out over a fixed number of "slots" in
 * proportion to its weights, and a row picks slot floor(u * slots), where u in [0, 1) is one of the
 * row's hashes; that is an equality join on a small table, so it is fast. Some weights depend on
 * the year (regions and channels grow at different rates) or on the month (toys peak in December,
 * sports in summer), and days are weighted by a trend, the season, the weekday and holidays, so
 * charts show plausible shapes.
 */

export const SALES_ROW_COUNT = 1_000_000;
export const SALES_FIRST_DAY = '2023-01-01';
export const SALES_YEARS = 3;

type Region = 'North America' | 'Western Europe' | 'Eastern Europe' | 'Asia Pacific' | 'Latin America';

/** Yearly growth of the region's share of orders, and its price level. */
const REGIONS: Record<Region, { growth: number; priceLevel: number }> = {
  'North America': { growth: 1.0, priceLevel: 1.0 },
  'Western Europe': { growth: 0.97, priceLevel: 1.06 },
  'Eastern Europe': { growth: 1.08, priceLevel: 0.9 },
  'Asia Pacific': { growth: 1.18, priceLevel: 0.97 },
  'Latin America': { growth: 1.1, priceLevel: 0.88 },
};

const CITIES: readonly [Region, string, string, number][] = [
  ['North America', 'United States', 'New York', 50],
  ['North America', 'United States', 'Los Angeles', 35],
  ['North America', 'United States', 'Chicago', 25],
  ['North America', 'United States', 'San Francisco', 20],
  ['North America', 'United States', 'Houston', 18],
  ['North America', 'United States', 'Seattle', 15],
  ['North America', 'United States', 'Boston', 14],
  ['North America', 'Canada', 'Toronto', 18],
  ['North America', 'Canada', 'Vancouver', 10],
  ['North America', 'Canada', 'Montreal', 9],
  ['Western Europe', 'United Kingdom', 'London', 40],
  ['Western Europe', 'United Kingdom', 'Manchester', 10],
  ['Western Europe', 'Germany', 'Berlin', 22],
  ['Western Europe', 'Germany', 'Munich', 15],
  ['Western Europe', 'Germany', 'Hamburg', 10],
  ['Western Europe', 'France', 'Paris', 30],
  ['Western Europe', 'France', 'Lyon', 8],
  ['Western Europe', 'Spain', 'Madrid', 14],
  ['Western Europe', 'Spain', 'Barcelona', 12],
  ['Western Europe', 'Italy', 'Milan', 12],
  ['Western Europe', 'Italy', 'Rome', 10],
  ['Western Europe', 'Netherlands', 'Amsterdam', 12],
  ['Eastern Europe', 'Russia', 'Москва', 45],
  ['Eastern Europe', 'Russia', 'Санкт-Петербург', 25],
  ['Eastern Europe', 'Russia', 'Новосибирск', 8],
  ['Eastern Europe', 'Russia', 'Екатеринбург', 8],
  ['Eastern Europe', 'Russia', 'Казань', 7],
  ['Eastern Europe', 'Kazakhstan', 'Алматы', 7],
  ['Eastern Europe', 'Kazakhstan', 'Астана', 5],
  ['Eastern Europe', 'Poland', 'Warsaw', 10],
  ['Eastern Europe', 'Poland', 'Kraków', 5],
  ['Asia Pacific', 'Japan', 'Tokyo', 35],
  ['Asia Pacific', 'Japan', 'Osaka', 12],
  ['Asia Pacific', 'China', 'Shanghai', 25],
  ['Asia Pacific', 'China', 'Beijing', 20],
  ['Asia Pacific', 'South Korea', 'Seoul', 18],
  ['Asia Pacific', 'India', 'Mumbai', 15],
  ['Asia Pacific', 'India', 'Bangalore', 12],
  ['Asia Pacific', 'Australia', 'Sydney', 14],
  ['Asia Pacific', 'Australia', 'Melbourne', 11],
  ['Asia Pacific', 'Singapore', 'Singapore', 12],
  ['Latin America', 'Brazil', 'São Paulo', 20],
  ['Latin America', 'Brazil', 'Rio de Janeiro', 10],
  ['Latin America', 'Mexico', 'Mexico City', 16],
  ['Latin America', 'Mexico', 'Guadalajara', 5],
  ['Latin America', 'Argentina', 'Buenos Aires', 10],
  ['Latin America', 'Chile', 'Santiago', 6],
  ['Latin America', 'Colombia', 'Bogotá', 6],
];

type Category =
  | 'Electronics'
  | 'Home & Kitchen'
  | 'Clothing'
  | 'Sports & Outdoors'
  | 'Books'
  | 'Toys & Games'
  | 'Beauty';

/** Cost as a share of the list price, and the demand of each month (January first). */
const CATEGORIES: Record<Category, { costRatio: number; months: readonly number[] }> = {
  Electronics: { costRatio: 0.78, months: [0.9, 0.85, 0.9, 0.9, 0.95, 0.95, 0.95, 1.05, 1.1, 1.0, 1.5, 1.4] },
  'Home & Kitchen': {
    costRatio: 0.6,
    months: [1.0, 0.95, 1.05, 1.1, 1.05, 1.0, 0.95, 0.95, 1.0, 1.0, 1.2, 1.25],
  },
  Clothing: { costRatio: 0.45, months: [0.8, 0.8, 1.15, 1.15, 1.1, 1.0, 0.9, 1.0, 1.2, 1.15, 1.1, 1.2] },
  'Sports & Outdoors': {
    costRatio: 0.6,
    months: [1.0, 0.9, 1.1, 1.3, 1.5, 1.6, 1.5, 1.3, 1.0, 0.8, 0.8, 0.9],
  },
  Books: { costRatio: 0.55, months: [1.1, 1.0, 1.0, 0.95, 0.95, 1.05, 1.1, 1.2, 1.3, 1.0, 1.0, 1.2] },
  'Toys & Games': { costRatio: 0.5, months: [0.6, 0.6, 0.7, 0.7, 0.75, 0.8, 0.8, 0.8, 0.85, 1.0, 1.8, 2.6] },
  Beauty: { costRatio: 0.35, months: [0.9, 1.3, 1.2, 1.0, 1.05, 1.0, 1.0, 0.95, 0.95, 1.0, 1.15, 1.4] },
};

/** Category, product, list price (USD, first year), weight. */
const PRODUCTS: readonly [Category, string, number, number][] = [
  ['Electronics', 'Laptop', 1150, 14],
  ['Electronics', 'Smartphone', 790, 22],
  ['Electronics', 'Tablet', 460, 10],
  ['Electronics', 'Headphones', 149, 20],
  ['Electronics', 'Smartwatch', 299, 12],
  ['Electronics', 'Monitor', 279, 8],
  ['Home & Kitchen', 'Coffee Maker', 89, 10],
  ['Home & Kitchen', 'Blender', 69, 7],
  ['Home & Kitchen', 'Vacuum Cleaner', 219, 7],
  ['Home & Kitchen', 'Cookware Set', 129, 6],
  ['Home & Kitchen', 'Air Purifier', 179, 4],
  ['Clothing', 'T-Shirt', 19, 20],
  ['Clothing', 'Jeans', 55, 14],
  ['Clothing', 'Jacket', 119, 8],
  ['Clothing', 'Sneakers', 85, 12],
  ['Clothing', 'Dress', 65, 8],
  ['Sports & Outdoors', 'Yoga Mat', 29, 7],
  ['Sports & Outdoors', 'Bicycle', 599, 3],
  ['Sports & Outdoors', 'Tent', 209, 3],
  ['Sports & Outdoors', 'Running Shoes', 109, 8],
  ['Sports & Outdoors', 'Dumbbells', 45, 4],
  ['Books', 'Fiction', 15, 12],
  ['Books', 'Non-fiction', 22, 8],
  ['Books', 'Textbook', 79, 4],
  ['Books', "Children's Book", 12, 6],
  ['Toys & Games', 'Board Game', 35, 6],
  ['Toys & Games', 'Building Blocks', 59, 5],
  ['Toys & Games', 'Puzzle', 18, 4],
  ['Toys & Games', 'Doll', 25, 3],
  ['Toys & Games', 'Video Game', 59, 7],
  ['Beauty', 'Perfume', 75, 6],
  ['Beauty', 'Skin Care Set', 45, 8],
  ['Beauty', 'Lipstick', 18, 7],
];

/** Channel, weight in the first and in the last year, share of lines without discount, largest discount. */
const CHANNELS: readonly [string, number, number, number, number][] = [
  ['online', 42, 55, 0.55, 0.15],
  ['retail', 38, 26, 0.7, 0.1],
  ['partner', 13, 11, 0.15, 0.25],
  ['marketplace', 7, 8, 0.4, 0.2],
];

/** Segment, weight, mean extra quantity per line. */
const SEGMENTS: readonly [string, number, number][] = [
  ['Consumer', 58, 0.5],
  ['Small Business', 24, 1.4],
  ['Corporate', 13, 3.2],
  ['Public Sector', 5, 2.4],
];

/** Orders by hour of day (local time), midnight first. */
const HOURS: readonly number[] = [
  3, 2, 1, 1, 1, 2, 4, 6, 8, 10, 12, 13, 14, 13, 12, 11, 11, 11, 12, 13, 13, 11, 7, 4,
];

/** Demand by month, January first; and by weekday, Sunday first. */
const MONTH_DEMAND: readonly number[] = [0.85, 0.8, 0.95, 0.95, 1.0, 0.95, 0.9, 0.95, 1.0, 1.05, 1.3, 1.45];
const WEEKDAY_DEMAND: readonly number[] = [1.12, 0.95, 0.95, 0.97, 0.98, 1.03, 1.15];
/** Orders grow by this share a year. */
const YEARLY_GROWTH = 0.22;

/** Prefixes each row with its 1-based position, used as a stable id. */
function numbered(rows: readonly (readonly (string | number)[])[]): (string | number)[][] {
  return rows.map((row, i) => [i + 1, ...row]);
}

/** A temporary table of literal rows; `columns` is a list of `name TYPE`. */
function valuesTable(name: string, columns: string, rows: readonly (readonly (string | number)[])[]): string {
  const defs = columns.split(',').map((c) => c.trim().split(/\s+/) as [string, string]);
  const literals = rows
    .map((row) => `(${row.map((v) => (typeof v === 'number' ? String(v) : sqlString(v))).join(', ')})`)
    .join(',\n  ');
  return `CREATE OR REPLACE TEMP TABLE ${name} AS
    SELECT ${defs.map(([c, type]) => `${c}::${type} AS ${c}`).join(', ')}
    FROM (VALUES ${literals}) t(${defs.map(([c]) => c).join(', ')})`;
}

/**
 * `u(i, salt)`: a uniform number in [0, 1) from row i. The seed is i times an odd constant modulo
 * 2^32 (a bijection), then two rounds of a 32-bit integer mixer (shift, xor, multiply modulo 2^32)
 * and a final shift-xor. Every product stays below 2^63, so BIGINT never overflows.
 */
const MACROS = [
  'CREATE OR REPLACE TEMP MACRO vx_mix(x) AS (xor(x >> 16, x) * 73244475) % 4294967296',
  'CREATE OR REPLACE TEMP MACRO vx_fin(x) AS xor(x >> 16, x)',
  `CREATE OR REPLACE TEMP MACRO vx_u(i, salt) AS
     vx_fin(vx_mix(vx_mix((i::BIGINT * 2654435761 + salt::BIGINT * 1597334677 + 374761393) % 4294967296))) / 4294967296.0`,
];

/**
 * A weighted pick list: the temporary table `vx_<name>_slots(k, slot, id)` where, for each key k,
 * the slots 0..size-1 are shared out between the ids in proportion to their weights (integer
 * arithmetic, so exact). `weighted` selects (k, id, w) with integer weights.
 */
function slotTable(name: keyof typeof SLOTS, weighted: string): string {
  const size = SLOTS[name];
  return `CREATE OR REPLACE TEMP TABLE vx_${name}_slots AS
    SELECT k, unnest(range((upto - w) * ${size} // total, upto * ${size} // total)) AS slot, id
    FROM (
      SELECT k, id, w, sum(w) OVER (PARTITION BY k ORDER BY id ROWS UNBOUNDED PRECEDING)::BIGINT AS upto,
        sum(w) OVER (PARTITION BY k)::BIGINT AS total
      FROM (SELECT k, id, w::BIGINT AS w FROM (${weighted}) WHERE w > 0))`;
}

/** Slots per key of each pick list: the resolution of its weights. */
const SLOTS = { day: 65536, hour: 4096, city: 8192, product: 8192, channel: 4096, segment: 4096 } as const;

/**
 * The join that picks row `alias` of list `name` under key `key` with uniform `u`: an equality
 * join on a small table, which is cheap; `alias.id` is the picked id.
 */
function pick(name: keyof typeof SLOTS, alias: string, key: string, u: string): string {
  const size = SLOTS[name];
  return `JOIN vx_${name}_slots ${alias} ON ${alias}.k = ${key} AND ${alias}.slot = floor(${u} * ${size})::BIGINT`;
}

/** Keeps a dimension's columns in the variable `vx_<table>_rows`, a list of structs indexed by id. */
function rowsVariable(table: string, columns: string): string {
  const fields = columns.split(',').map((c) => `'${c.trim()}': ${c.trim()}`);
  return `SET VARIABLE ${table}_rows = (SELECT list({${fields.join(', ')}} ORDER BY id) FROM ${table})`;
}

function dimensionStatements(): string[] {
  const cities = CITIES.map(([region, ...rest]) => [
    region,
    ...rest,
    REGIONS[region].growth,
    REGIONS[region].priceLevel,
  ]);
  const categories = Object.entries(CATEGORIES).flatMap(([category, c]) =>
    c.months.map((f, m) => [category, m + 1, f]),
  );
  const products = PRODUCTS.map((p) => [...p, CATEGORIES[p[0]].costRatio]);
  return [
    valuesTable(
      'vx_cities',
      'id INTEGER, region VARCHAR, country VARCHAR, city VARCHAR, weight INTEGER, growth DOUBLE, price_level DOUBLE',
      numbered(cities),
    ),
    valuesTable('vx_categories', 'category VARCHAR, month INTEGER, demand DOUBLE', categories),
    valuesTable(
      'vx_products',
      'id INTEGER, category VARCHAR, product VARCHAR, price DOUBLE, weight INTEGER, cost_ratio DOUBLE',
      numbered(products),
    ),
    valuesTable(
      'vx_channels',
      'id INTEGER, channel VARCHAR, w_first INTEGER, w_last INTEGER, no_discount DOUBLE, max_discount DOUBLE',
      numbered(CHANNELS),
    ),
    valuesTable(
      'vx_segments',
      'id INTEGER, segment VARCHAR, weight INTEGER, extra_quantity DOUBLE',
      numbered(SEGMENTS),
    ),
    valuesTable(
      'vx_months',
      'month INTEGER, demand DOUBLE',
      MONTH_DEMAND.map((f, m) => [m + 1, f]),
    ),
    valuesTable(
      'vx_weekdays',
      'dow INTEGER, demand DOUBLE',
      WEEKDAY_DEMAND.map((f, d) => [d, f]),
    ),
    valuesTable(
      'vx_hours',
      'id INTEGER, weight INTEGER',
      HOURS.map((w, h) => [h, w]),
    ),
    `CREATE OR REPLACE TEMP TABLE vx_days AS
       SELECT n AS id, (DATE '${SALES_FIRST_DAY}' + n::INTEGER) AS day FROM range(
         (DATE '${SALES_FIRST_DAY}' + INTERVAL ${SALES_YEARS} YEAR)::DATE - DATE '${SALES_FIRST_DAY}') r(n)`,
    // Days (id = days since the first): trend, season, weekday, and holidays (Black Friday,
    // Cyber Monday, Christmas, New Year).
    slotTable(
      'day',
      `SELECT 0 AS k, d.id, round(100 * (1 + ${YEARLY_GROWTH} * d.id / 365.0) * m.demand * w.demand * CASE
           WHEN month(d.day) = 11 AND dayofweek(d.day) = 5 AND day(d.day) BETWEEN 23 AND 29 THEN 3.0
           WHEN dayofweek(d.day) = 1 AND d.day - (make_date(year(d.day), 11, 23)
             + ((5 - dayofweek(make_date(year(d.day), 11, 23)) + 7) % 7)::INTEGER) = 3 THEN 2.4
           WHEN month(d.day) = 12 AND day(d.day) BETWEEN 10 AND 22 THEN 1.25
           WHEN month(d.day) = 12 AND day(d.day) = 25 THEN 0.35
           WHEN month(d.day) = 1 AND day(d.day) = 1 THEN 0.45
           ELSE 1.0 END) AS w
         FROM vx_days d JOIN vx_months m ON m.month = month(d.day) JOIN vx_weekdays w ON w.dow = dayofweek(d.day)`,
    ),
    slotTable('hour', 'SELECT 0 AS k, id, weight AS w FROM vx_hours'),
    // Cities, by year: regions grow at different rates.
    slotTable(
      'city',
      `SELECT y.k, c.id, round(10 * c.weight * pow(c.growth, y.k)) AS w FROM vx_cities c, range(${SALES_YEARS}) y(k)`,
    ),
    // Products, by month: each category has its own season.
    slotTable(
      'product',
      `SELECT g.month - 1 AS k, p.id, round(10 * p.weight * g.demand) AS w
         FROM vx_products p JOIN vx_categories g USING (category)`,
    ),
    // Channels, by year: online grows, retail shrinks.
    slotTable(
      'channel',
      `SELECT y.k, c.id, round(10 * (c.w_first + (c.w_last - c.w_first) * y.k / ${Math.max(1, SALES_YEARS - 1)})) AS w
         FROM vx_channels c, range(${SALES_YEARS}) y(k)`,
    ),
    slotTable('segment', 'SELECT 0 AS k, id, weight AS w FROM vx_segments'),
    rowsVariable('vx_cities', 'region, country, city, price_level'),
    rowsVariable('vx_products', 'category, product, price, cost_ratio'),
    rowsVariable('vx_channels', 'channel, no_discount, max_discount'),
    rowsVariable('vx_segments', 'segment, extra_quantity'),
  ];
}

const FIRST_YEAR = Number(SALES_FIRST_DAY.slice(0, 4));

/**
 * The fact table. Each row first gets its day and time, and its order_id is its rank in time; the
 * ids of its city, product, channel and segment are picked by joins; the rows are sorted by
 * order_id while they are still narrow (integers only); the text columns and measures are then
 * computed by projections, which keep that order. So the table is stored sorted by order_id and
 * order_ts: time-range filters skip most of it, and `SELECT * … LIMIT` gives the same rows each time.
 */
function factStatement(table: string, rowCount: number): string {
  return `CREATE TABLE ${table} AS
WITH timed AS (
  SELECT g.i, DATE '${SALES_FIRST_DAY}' + d.id::INTEGER AS day, h.id AS hour
  FROM range(${rowCount}) g(i)
  ${pick('day', 'd', '0', 'vx_u(g.i, 1)')}
  ${pick('hour', 'h', '0', 'vx_u(g.i, 2)')}
),
numbered AS (
  SELECT row_number() OVER (ORDER BY order_ts, i) AS order_id, i, day, order_ts, year(day) - ${FIRST_YEAR} AS y
  FROM (SELECT i, day, day + to_seconds(hour * 3600 + floor(vx_u(i, 7) * 3600)::BIGINT) AS order_ts FROM timed)
),
picked AS (
  SELECT o.order_id, o.i, o.day, o.order_ts, o.y, c.id AS city_id, p.id AS product_id, n.id AS channel_id,
    s.id AS segment_id
  FROM numbered o
  ${pick('city', 'c', 'o.y', 'vx_u(o.i, 3)')}
  ${pick('product', 'p', 'month(o.day) - 1', 'vx_u(o.i, 4)')}
  ${pick('channel', 'n', 'o.y', 'vx_u(o.i, 5)')}
  ${pick('segment', 's', '0', 'vx_u(o.i, 6)')}
  ORDER BY order_id
),
lines AS (
  SELECT order_id, i, day, order_ts, y,
    getvariable('vx_cities_rows')[city_id] AS c,
    getvariable('vx_products_rows')[product_id] AS p,
    getvariable('vx_channels_rows')[channel_id] AS n,
    getvariable('vx_segments_rows')[segment_id] AS s
  FROM picked
),
priced AS (
  SELECT order_id, order_ts, y, c, p, n, s,
    -- 1 + a geometric-like tail; expensive products sell in smaller quantities.
    least(60, 1 + floor(-ln(1 - vx_u(i, 8)) * s.extra_quantity * CASE WHEN p.price > 400 THEN 0.4 ELSE 1 END))::INTEGER
      AS quantity,
    round(p.price * (0.92 + 0.16 * vx_u(i, 9)) * (1 + 0.035 * y) * c.price_level, 2)::DECIMAL(10, 2) AS unit_price,
    -- Some lines carry no discount; the rest get 5% steps up to the channel's maximum, more in late November.
    (CASE WHEN vx_u(i, 10) < n.no_discount THEN 0
      ELSE least(0.3, 0.05 * (1 + floor(vx_u(i, 11) * round(n.max_discount / 0.05)))
        + CASE WHEN month(day) = 11 AND day(day) >= 20 THEN 0.05 ELSE 0 END) END)::DECIMAL(4, 2) AS discount,
    vx_u(i, 12) AS cost_noise
  FROM lines
),
measured AS (
  SELECT *,
    round(quantity * unit_price * (1 - discount), 2)::DECIMAL(14, 2) AS revenue,
    round(quantity * p.price * (1 + 0.02 * y) * p.cost_ratio * (0.95 + 0.1 * cost_noise), 2)::DECIMAL(14, 2) AS cost
  FROM priced
)
SELECT
  order_id, order_ts, c.region, c.country, c.city,
  p.category AS product_category, p.product, n.channel, s.segment AS customer_segment,
  quantity, unit_price, discount, revenue, cost, (revenue - cost)::DECIMAL(14, 2) AS profit
FROM measured`;
}

const VARIABLES = ['vx_cities_rows', 'vx_products_rows', 'vx_channels_rows', 'vx_segments_rows'];

const CLEANUP = [
  'DROP MACRO IF EXISTS temp.vx_u',
  'DROP MACRO IF EXISTS temp.vx_mix',
  'DROP MACRO IF EXISTS temp.vx_fin',
  ...VARIABLES.map((v) => `RESET VARIABLE ${v}`),
];

/** The statements that create the sales table, in order. */
export function salesTableStatements(table = 'sales', rowCount = SALES_ROW_COUNT): string[] {
  return [...MACROS, ...dimensionStatements(), factStatement(table, rowCount)];
}

/**
 * Creates the sales table on `con`. The helper tables, macros and variables are temporary (they
 * belong to the connection, not the file) and are dropped afterwards.
 */
export async function createSalesTable(
  con: DuckDBConnection,
  options: { table?: string; rowCount?: number } = {},
): Promise<void> {
  for (const statement of salesTableStatements(options.table, options.rowCount)) {
    await con.run(statement);
  }
  const temps = await con.runAndReadAll(
    "SELECT table_name FROM duckdb_tables() WHERE temporary AND table_name LIKE 'vx\\_%' ESCAPE '\\'",
  );
  for (const [name] of temps.getRowsJson()) await con.run(`DROP TABLE temp.${String(name)}`);
  for (const statement of CLEANUP) await con.run(statement);
}

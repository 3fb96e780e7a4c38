-- duckdb
SELECT DATE_TRUNC('day', "order_date") AS "__timestamp", "country" AS "country", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-04-01 00:00:00' AND "order_date" < TIMESTAMP '2024-07-01 00:00:00'
GROUP BY DATE_TRUNC('day', "order_date"), "country"
ORDER BY DATE_TRUNC('day', "order_date") ASC, "country" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT DATETIME("order_date", 'start of day') AS "__timestamp", "country" AS "country", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE "order_date" >= '2024-04-01 00:00:00' AND "order_date" < '2024-07-01 00:00:00'
GROUP BY DATETIME("order_date", 'start of day'), "country"
ORDER BY DATETIME("order_date", 'start of day') ASC, "country" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT DATE_TRUNC('day', "order_date") AS "__timestamp", "country" AS "country", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-04-01 00:00:00' AND "order_date" < TIMESTAMP '2024-07-01 00:00:00'
GROUP BY DATE_TRUNC('day', "order_date"), "country"
ORDER BY DATE_TRUNC('day', "order_date") ASC, "country" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT DATE(`order_date`) AS `__timestamp`, `country` AS `country`, (COUNT(*)) AS `count`
FROM `public`.`sales`
WHERE `order_date` >= TIMESTAMP '2024-04-01 00:00:00' AND `order_date` < TIMESTAMP '2024-07-01 00:00:00'
GROUP BY DATE(`order_date`), `country`
ORDER BY DATE(`order_date`) ASC, `country` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT toStartOfDay(toDateTime(`order_date`)) AS `__timestamp`, `country` AS `country`, (COUNT(*)) AS `count`
FROM `public`.`sales`
WHERE `order_date` >= toDateTime('2024-04-01 00:00:00', 'UTC') AND `order_date` < toDateTime('2024-07-01 00:00:00', 'UTC')
GROUP BY toStartOfDay(toDateTime(`order_date`)), `country`
ORDER BY toStartOfDay(toDateTime(`order_date`)) ASC, `country` ASC
LIMIT 10000
-- params: []

-- trino
SELECT date_trunc('day', CAST("order_date" AS TIMESTAMP)) AS "__timestamp", "country" AS "country", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-04-01 00:00:00' AND "order_date" < TIMESTAMP '2024-07-01 00:00:00'
GROUP BY date_trunc('day', CAST("order_date" AS TIMESTAMP)), "country"
ORDER BY date_trunc('day', CAST("order_date" AS TIMESTAMP)) ASC, "country" ASC
LIMIT 10000
-- params: []

-- duckdb
SELECT DATE_TRUNC('month', "order_date") AS "month", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-01-01 00:00:00' AND "order_date" < TIMESTAMP '2024-04-01 00:00:00'
GROUP BY DATE_TRUNC('month', "order_date")
ORDER BY DATE_TRUNC('month', "order_date") ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT DATETIME("order_date", 'start of month') AS "month", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
WHERE "order_date" >= '2024-01-01 00:00:00' AND "order_date" < '2024-04-01 00:00:00'
GROUP BY DATETIME("order_date", 'start of month')
ORDER BY DATETIME("order_date", 'start of month') ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT DATE_TRUNC('month', "order_date") AS "month", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-01-01 00:00:00' AND "order_date" < TIMESTAMP '2024-04-01 00:00:00'
GROUP BY DATE_TRUNC('month', "order_date")
ORDER BY DATE_TRUNC('month', "order_date") ASC
LIMIT 10000
-- params: []

-- mysql
SELECT DATE(DATE_SUB(`order_date`, INTERVAL DAYOFMONTH(`order_date`) - 1 DAY)) AS `month`, SUM(`amount`) AS `SUM(amount)`
FROM `public`.`sales`
WHERE `order_date` >= TIMESTAMP '2024-01-01 00:00:00' AND `order_date` < TIMESTAMP '2024-04-01 00:00:00'
GROUP BY DATE(DATE_SUB(`order_date`, INTERVAL DAYOFMONTH(`order_date`) - 1 DAY))
ORDER BY DATE(DATE_SUB(`order_date`, INTERVAL DAYOFMONTH(`order_date`) - 1 DAY)) ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT toStartOfMonth(toDateTime(`order_date`)) AS `month`, SUM(`amount`) AS `SUM(amount)`
FROM `public`.`sales`
WHERE `order_date` >= toDateTime('2024-01-01 00:00:00', 'UTC') AND `order_date` < toDateTime('2024-04-01 00:00:00', 'UTC')
GROUP BY toStartOfMonth(toDateTime(`order_date`))
ORDER BY toStartOfMonth(toDateTime(`order_date`)) ASC
LIMIT 10000
-- params: []

-- trino
SELECT date_trunc('month', CAST("order_date" AS TIMESTAMP)) AS "month", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-01-01 00:00:00' AND "order_date" < TIMESTAMP '2024-04-01 00:00:00'
GROUP BY date_trunc('month', CAST("order_date" AS TIMESTAMP))
ORDER BY date_trunc('month', CAST("order_date" AS TIMESTAMP)) ASC
LIMIT 10000
-- params: []

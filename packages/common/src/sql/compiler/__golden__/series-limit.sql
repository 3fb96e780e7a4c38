-- duckdb
SELECT DATE_TRUNC('month', "order_date") AS "month", "country" AS "country", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
INNER JOIN (
SELECT "country" AS "country__"
FROM "public"."sales"
WHERE "quantity" < $1
GROUP BY "country"
ORDER BY SUM("amount") DESC
LIMIT 2
) AS "series_limit" ON "country" = "series_limit"."country__"
WHERE "quantity" < $2
GROUP BY DATE_TRUNC('month', "order_date"), "country"
ORDER BY DATE_TRUNC('month', "order_date") ASC, "country" ASC
LIMIT 10000
-- params: [10,10]

-- sqlite
SELECT DATETIME("order_date", 'start of month') AS "month", "country" AS "country", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
INNER JOIN (
SELECT "country" AS "country__"
FROM "public"."sales"
WHERE "quantity" < ?
GROUP BY "country"
ORDER BY SUM("amount") DESC
LIMIT 2
) AS "series_limit" ON "country" = "series_limit"."country__"
WHERE "quantity" < ?
GROUP BY DATETIME("order_date", 'start of month'), "country"
ORDER BY DATETIME("order_date", 'start of month') ASC, "country" ASC
LIMIT 10000
-- params: [10,10]

-- postgresql
SELECT DATE_TRUNC('month', "order_date") AS "month", "country" AS "country", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
INNER JOIN (
SELECT "country" AS "country__"
FROM "public"."sales"
WHERE "quantity" < $1
GROUP BY "country"
ORDER BY SUM("amount") DESC
LIMIT 2
) AS "series_limit" ON "country" = "series_limit"."country__"
WHERE "quantity" < $2
GROUP BY DATE_TRUNC('month', "order_date"), "country"
ORDER BY DATE_TRUNC('month', "order_date") ASC, "country" ASC
LIMIT 10000
-- params: [10,10]

-- mysql
SELECT DATE(DATE_SUB(`order_date`, INTERVAL DAYOFMONTH(`order_date`) - 1 DAY)) AS `month`, `country` AS `country`, SUM(`amount`) AS `SUM(amount)`
FROM `public`.`sales`
INNER JOIN (
SELECT `country` AS `country__`
FROM `public`.`sales`
WHERE `quantity` < ?
GROUP BY `country`
ORDER BY SUM(`amount`) DESC
LIMIT 2
) AS `series_limit` ON `country` = `series_limit`.`country__`
WHERE `quantity` < ?
GROUP BY DATE(DATE_SUB(`order_date`, INTERVAL DAYOFMONTH(`order_date`) - 1 DAY)), `country`
ORDER BY DATE(DATE_SUB(`order_date`, INTERVAL DAYOFMONTH(`order_date`) - 1 DAY)) ASC, `country` ASC
LIMIT 10000
-- params: [10,10]

-- clickhouse
SELECT toStartOfMonth(toDateTime(`order_date`)) AS `month`, `country` AS `country`, SUM(`amount`) AS `SUM(amount)`
FROM `public`.`sales`
INNER JOIN (
SELECT `country` AS `country__`
FROM `public`.`sales`
WHERE `quantity` < {p1:String}
GROUP BY `country`
ORDER BY SUM(`amount`) DESC
LIMIT 2
) AS `series_limit` ON `country` = `series_limit`.`country__`
WHERE `quantity` < {p2:String}
GROUP BY toStartOfMonth(toDateTime(`order_date`)), `country`
ORDER BY toStartOfMonth(toDateTime(`order_date`)) ASC, `country` ASC
LIMIT 10000
-- params: [10,10]

-- trino
SELECT date_trunc('month', CAST("order_date" AS TIMESTAMP)) AS "month", "country" AS "country", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
INNER JOIN (
SELECT "country" AS "country__"
FROM "public"."sales"
WHERE "quantity" < ?
GROUP BY "country"
ORDER BY SUM("amount") DESC
LIMIT 2
) AS "series_limit" ON "country" = "series_limit"."country__"
WHERE "quantity" < ?
GROUP BY date_trunc('month', CAST("order_date" AS TIMESTAMP)), "country"
ORDER BY date_trunc('month', CAST("order_date" AS TIMESTAMP)) ASC, "country" ASC
LIMIT 10000
-- params: [10,10]

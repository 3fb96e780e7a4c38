-- duckdb
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
GROUP BY "country"
ORDER BY (COUNT(*)) DESC
LIMIT 10000
-- params: []

-- sqlite
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
GROUP BY "country"
ORDER BY (COUNT(*)) DESC
LIMIT 10000
-- params: []

-- postgresql
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
GROUP BY "country"
ORDER BY (COUNT(*)) DESC
LIMIT 10000
-- params: []

-- mysql
SELECT `country` AS `country`, (COUNT(*)) AS `count`, SUM(`amount`) AS `SUM(amount)`
FROM `public`.`sales`
GROUP BY `country`
ORDER BY (COUNT(*)) DESC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `country` AS `country`, (COUNT(*)) AS `count`, SUM(`amount`) AS `SUM(amount)`
FROM `public`.`sales`
GROUP BY `country`
ORDER BY (COUNT(*)) DESC
LIMIT 10000
-- params: []

-- trino
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("amount") AS "SUM(amount)"
FROM "public"."sales"
GROUP BY "country"
ORDER BY (COUNT(*)) DESC
LIMIT 10000
-- params: []

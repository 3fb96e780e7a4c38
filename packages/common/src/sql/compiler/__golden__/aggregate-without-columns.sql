-- duckdb
SELECT (COUNT(*)) AS "count", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
LIMIT 10000
-- params: []

-- sqlite
SELECT (COUNT(*)) AS "count", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
LIMIT 10000
-- params: []

-- postgresql
SELECT (COUNT(*)) AS "count", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
LIMIT 10000
-- params: []

-- mysql
SELECT (COUNT(*)) AS `count`, (SUM(amount)) AS `total_amount`
FROM `public`.`sales`
LIMIT 10000
-- params: []

-- clickhouse
SELECT (COUNT(*)) AS `count`, (SUM(amount)) AS `total_amount`
FROM `public`.`sales`
LIMIT 10000
-- params: []

-- trino
SELECT (COUNT(*)) AS "count", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
LIMIT 10000
-- params: []

-- duckdb
SELECT "country" AS "country", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
GROUP BY "country"
HAVING (SUM(amount) > 150)
ORDER BY (SUM(amount)) DESC
LIMIT 10000
-- params: []

-- sqlite
SELECT "country" AS "country", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
GROUP BY "country"
HAVING (SUM(amount) > 150)
ORDER BY (SUM(amount)) DESC
LIMIT 10000
-- params: []

-- postgresql
SELECT "country" AS "country", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
GROUP BY "country"
HAVING (SUM(amount) > 150)
ORDER BY (SUM(amount)) DESC
LIMIT 10000
-- params: []

-- mysql
SELECT `country` AS `country`, (SUM(amount)) AS `total_amount`
FROM `public`.`sales`
GROUP BY `country`
HAVING (SUM(amount) > 150)
ORDER BY (SUM(amount)) DESC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `country` AS `country`, (SUM(amount)) AS `total_amount`
FROM `public`.`sales`
GROUP BY `country`
HAVING (SUM(amount) > 150)
ORDER BY (SUM(amount)) DESC
LIMIT 10000
-- params: []

-- trino
SELECT "country" AS "country", (SUM(amount)) AS "total_amount"
FROM "public"."sales"
GROUP BY "country"
HAVING (SUM(amount) > 150)
ORDER BY (SUM(amount)) DESC
LIMIT 10000
-- params: []

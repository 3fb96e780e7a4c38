-- duckdb
SELECT "country" AS "country", (SUM(amount)) AS "total_amount", (AVG(quantity)) AS "avg quantity"
FROM "public"."sales"
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT "country" AS "country", (SUM(amount)) AS "total_amount", (AVG(quantity)) AS "avg quantity"
FROM "public"."sales"
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT "country" AS "country", (SUM(amount)) AS "total_amount", (AVG(quantity)) AS "avg quantity"
FROM "public"."sales"
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT `country` AS `country`, (SUM(amount)) AS `total_amount`, (AVG(quantity)) AS `avg quantity`
FROM `public`.`sales`
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `country` AS `country`, (SUM(amount)) AS `total_amount`, (AVG(quantity)) AS `avg quantity`
FROM `public`.`sales`
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000
-- params: []

-- trino
SELECT "country" AS "country", (SUM(amount)) AS "total_amount", (AVG(quantity)) AS "avg quantity"
FROM "public"."sales"
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- duckdb
SELECT "city" AS "city", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE (country = 'FR') AND (quantity >= 1 OR amount > 0)
GROUP BY "city"
ORDER BY "city" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT "city" AS "city", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE (country = 'FR') AND (quantity >= 1 OR amount > 0)
GROUP BY "city"
ORDER BY "city" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT "city" AS "city", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE (country = 'FR') AND (quantity >= 1 OR amount > 0)
GROUP BY "city"
ORDER BY "city" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT `city` AS `city`, (COUNT(*)) AS `count`
FROM `public`.`sales`
WHERE (country = 'FR') AND (quantity >= 1 OR amount > 0)
GROUP BY `city`
ORDER BY `city` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `city` AS `city`, (COUNT(*)) AS `count`
FROM `public`.`sales`
WHERE (country = 'FR') AND (quantity >= 1 OR amount > 0)
GROUP BY `city`
ORDER BY `city` ASC
LIMIT 10000
-- params: []

-- trino
SELECT "city" AS "city", (COUNT(*)) AS "count"
FROM "public"."sales"
WHERE (country = 'FR') AND (quantity >= 1 OR amount > 0)
GROUP BY "city"
ORDER BY "city" ASC
LIMIT 10000
-- params: []

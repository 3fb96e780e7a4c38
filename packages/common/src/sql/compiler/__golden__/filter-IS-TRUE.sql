-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = TRUE
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = 1
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = TRUE
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `is_returned` = TRUE
ORDER BY `id` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `is_returned` = true
ORDER BY `id` ASC
LIMIT 10000
-- params: []

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = TRUE
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = FALSE
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = 0
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = FALSE
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `is_returned` = FALSE
ORDER BY `id` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `is_returned` = false
ORDER BY `id` ASC
LIMIT 10000
-- params: []

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "is_returned" = FALSE
ORDER BY "id" ASC
LIMIT 10000
-- params: []

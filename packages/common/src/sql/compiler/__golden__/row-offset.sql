-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
ORDER BY "id" ASC
LIMIT 3 OFFSET 2
-- params: []

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
ORDER BY "id" ASC
LIMIT 3 OFFSET 2
-- params: []

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
ORDER BY "id" ASC
LIMIT 3 OFFSET 2
-- params: []

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
ORDER BY `id` ASC
LIMIT 3 OFFSET 2
-- params: []

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
ORDER BY `id` ASC
LIMIT 3 OFFSET 2
-- params: []

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
ORDER BY "id" ASC
OFFSET 2 LIMIT 3
-- params: []

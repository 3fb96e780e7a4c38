-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" = $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Москва"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" = ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Москва"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" = $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Москва"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `city` = ?
ORDER BY `id` ASC
LIMIT 10000
-- params: ["Москва"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `city` = {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: ["Москва"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" = ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Москва"]

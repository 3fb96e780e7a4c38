-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" = $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" = ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" = $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `country` = ?
ORDER BY `id` ASC
LIMIT 10000
-- params: ["FR"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `country` = {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: ["FR"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" = ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

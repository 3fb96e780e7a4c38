-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "customer name" LIKE $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Bob_%"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "customer name" LIKE ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Bob_%"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "customer name" LIKE $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Bob_%"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `customer name` LIKE ?
ORDER BY `id` ASC
LIMIT 10000
-- params: ["Bob_%"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `customer name` LIKE {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: ["Bob_%"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "customer name" LIKE ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["Bob_%"]

-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" LIKE $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%on"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" LIKE ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%on"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" LIKE $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%on"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `city` LIKE ?
ORDER BY `id` ASC
LIMIT 10000
-- params: ["%on"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `city` LIKE {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: ["%on"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" LIKE ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%on"]

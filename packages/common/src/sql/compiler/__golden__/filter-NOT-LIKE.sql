-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" NOT LIKE $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["B%"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" NOT LIKE ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["B%"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" NOT LIKE $1
ORDER BY "id" ASC
LIMIT 10000
-- params: ["B%"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `city` NOT LIKE ?
ORDER BY `id` ASC
LIMIT 10000
-- params: ["B%"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `city` NOT LIKE {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: ["B%"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "city" NOT LIKE ?
ORDER BY "id" ASC
LIMIT 10000
-- params: ["B%"]

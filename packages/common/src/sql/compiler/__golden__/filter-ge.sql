-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" >= $1
ORDER BY "id" ASC
LIMIT 10000
-- params: [3]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" >= ?
ORDER BY "id" ASC
LIMIT 10000
-- params: [3]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" >= $1
ORDER BY "id" ASC
LIMIT 10000
-- params: [3]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `quantity` >= ?
ORDER BY `id` ASC
LIMIT 10000
-- params: [3]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `quantity` >= {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: [3]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" >= ?
ORDER BY "id" ASC
LIMIT 10000
-- params: [3]

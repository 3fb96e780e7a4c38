-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" > $1
ORDER BY "id" ASC
LIMIT 10000
-- params: [2]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" > ?
ORDER BY "id" ASC
LIMIT 10000
-- params: [2]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" > $1
ORDER BY "id" ASC
LIMIT 10000
-- params: [2]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `quantity` > ?
ORDER BY `id` ASC
LIMIT 10000
-- params: [2]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `quantity` > {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: [2]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "quantity" > ?
ORDER BY "id" ASC
LIMIT 10000
-- params: [2]

-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "amount" <= $1
ORDER BY "id" ASC
LIMIT 10000
-- params: [60]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "amount" <= ?
ORDER BY "id" ASC
LIMIT 10000
-- params: [60]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "amount" <= $1
ORDER BY "id" ASC
LIMIT 10000
-- params: [60]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `amount` <= ?
ORDER BY `id` ASC
LIMIT 10000
-- params: [60]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `amount` <= {p1:String}
ORDER BY `id` ASC
LIMIT 10000
-- params: [60]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "amount" <= ?
ORDER BY "id" ASC
LIMIT 10000
-- params: [60]

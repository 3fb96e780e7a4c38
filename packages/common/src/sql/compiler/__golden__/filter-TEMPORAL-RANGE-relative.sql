-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-04-01 00:00:00' AND "order_date" < TIMESTAMP '2024-07-01 00:00:00'
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "order_date" >= '2024-04-01 00:00:00' AND "order_date" < '2024-07-01 00:00:00'
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-04-01 00:00:00' AND "order_date" < TIMESTAMP '2024-07-01 00:00:00'
ORDER BY "id" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `order_date` >= TIMESTAMP '2024-04-01 00:00:00' AND `order_date` < TIMESTAMP '2024-07-01 00:00:00'
ORDER BY `id` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `order_date` >= toDateTime('2024-04-01 00:00:00', 'UTC') AND `order_date` < toDateTime('2024-07-01 00:00:00', 'UTC')
ORDER BY `id` ASC
LIMIT 10000
-- params: []

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "order_date" >= TIMESTAMP '2024-04-01 00:00:00' AND "order_date" < TIMESTAMP '2024-07-01 00:00:00'
ORDER BY "id" ASC
LIMIT 10000
-- params: []

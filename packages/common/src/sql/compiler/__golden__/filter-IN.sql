-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" IN ($1, $2)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR","DE"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" IN (?, ?)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR","DE"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" IN ($1, $2)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR","DE"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `country` IN (?, ?)
ORDER BY `id` ASC
LIMIT 10000
-- params: ["FR","DE"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE `country` IN ({p1:String}, {p2:String})
ORDER BY `id` ASC
LIMIT 10000
-- params: ["FR","DE"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE "country" IN (?, ?)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR","DE"]

-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE ("country" IS NULL OR "country" IN ($1))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["US"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE ("country" IS NULL OR "country" IN (?))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["US"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE ("country" IS NULL OR "country" IN ($1))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["US"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE (`country` IS NULL OR `country` IN (?))
ORDER BY `id` ASC
LIMIT 10000
-- params: ["US"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE (`country` IS NULL OR `country` IN ({p1:String}))
ORDER BY `id` ASC
LIMIT 10000
-- params: ["US"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE ("country" IS NULL OR "country" IN (?))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["US"]

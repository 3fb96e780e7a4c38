-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE NOT ("country" IS NULL OR "country" IN ($1))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE NOT ("country" IS NULL OR "country" IN (?))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE NOT ("country" IS NULL OR "country" IN ($1))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE NOT (`country` IS NULL OR `country` IN (?))
ORDER BY `id` ASC
LIMIT 10000
-- params: ["FR"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE NOT (`country` IS NULL OR `country` IN ({p1:String}))
ORDER BY `id` ASC
LIMIT 10000
-- params: ["FR"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE NOT ("country" IS NULL OR "country" IN (?))
ORDER BY "id" ASC
LIMIT 10000
-- params: ["FR"]

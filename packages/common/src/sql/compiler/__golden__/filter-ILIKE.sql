-- duckdb
SELECT "id" AS "id"
FROM "public"."sales"
WHERE LOWER("city") LIKE LOWER($1)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%PAR%"]

-- sqlite
SELECT "id" AS "id"
FROM "public"."sales"
WHERE LOWER("city") LIKE LOWER(?)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%PAR%"]

-- postgresql
SELECT "id" AS "id"
FROM "public"."sales"
WHERE LOWER("city") LIKE LOWER($1)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%PAR%"]

-- mysql
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE LOWER(`city`) LIKE LOWER(?)
ORDER BY `id` ASC
LIMIT 10000
-- params: ["%PAR%"]

-- clickhouse
SELECT `id` AS `id`
FROM `public`.`sales`
WHERE LOWER(`city`) LIKE LOWER({p1:String})
ORDER BY `id` ASC
LIMIT 10000
-- params: ["%PAR%"]

-- trino
SELECT "id" AS "id"
FROM "public"."sales"
WHERE LOWER("city") LIKE LOWER(?)
ORDER BY "id" ASC
LIMIT 10000
-- params: ["%PAR%"]

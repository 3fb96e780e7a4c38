-- duckdb
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("quantity") AS "SUM(quantity)"
FROM "public"."sales"
WHERE "country" IS NOT NULL
GROUP BY "country"
ORDER BY (COUNT(*)) DESC, "country" ASC
LIMIT 3
-- params: []

-- sqlite
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("quantity") AS "SUM(quantity)"
FROM "public"."sales"
WHERE "country" IS NOT NULL
GROUP BY "country"
ORDER BY (COUNT(*)) DESC, "country" ASC
LIMIT 3
-- params: []

-- postgresql
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("quantity") AS "SUM(quantity)"
FROM "public"."sales"
WHERE "country" IS NOT NULL
GROUP BY "country"
ORDER BY (COUNT(*)) DESC, "country" ASC
LIMIT 3
-- params: []

-- mysql
SELECT `country` AS `country`, (COUNT(*)) AS `count`, SUM(`quantity`) AS `SUM(quantity)`
FROM `public`.`sales`
WHERE `country` IS NOT NULL
GROUP BY `country`
ORDER BY (COUNT(*)) DESC, `country` ASC
LIMIT 3
-- params: []

-- clickhouse
SELECT `country` AS `country`, (COUNT(*)) AS `count`, SUM(`quantity`) AS `SUM(quantity)`
FROM `public`.`sales`
WHERE `country` IS NOT NULL
GROUP BY `country`
ORDER BY (COUNT(*)) DESC, `country` ASC
LIMIT 3
-- params: []

-- trino
SELECT "country" AS "country", (COUNT(*)) AS "count", SUM("quantity") AS "SUM(quantity)"
FROM "public"."sales"
WHERE "country" IS NOT NULL
GROUP BY "country"
ORDER BY (COUNT(*)) DESC, "country" ASC
LIMIT 3
-- params: []

-- duckdb
SELECT (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END) AS "big", (SUM(amount) / COUNT(*)) AS "mean amount", COUNT(DISTINCT "country") AS "countries", MAX("amount") AS "max", MIN("quantity") AS "min"
FROM "public"."sales"
GROUP BY (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END)
ORDER BY (SUM(amount) / COUNT(*)) DESC
LIMIT 10000
-- params: []

-- sqlite
SELECT (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END) AS "big", (SUM(amount) / COUNT(*)) AS "mean amount", COUNT(DISTINCT "country") AS "countries", MAX("amount") AS "max", MIN("quantity") AS "min"
FROM "public"."sales"
GROUP BY (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END)
ORDER BY (SUM(amount) / COUNT(*)) DESC
LIMIT 10000
-- params: []

-- postgresql
SELECT (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END) AS "big", (SUM(amount) / COUNT(*)) AS "mean amount", COUNT(DISTINCT "country") AS "countries", MAX("amount") AS "max", MIN("quantity") AS "min"
FROM "public"."sales"
GROUP BY (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END)
ORDER BY (SUM(amount) / COUNT(*)) DESC
LIMIT 10000
-- params: []

-- mysql
SELECT (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END) AS `big`, (SUM(amount) / COUNT(*)) AS `mean amount`, COUNT(DISTINCT `country`) AS `countries`, MAX(`amount`) AS `max`, MIN(`quantity`) AS `min`
FROM `public`.`sales`
GROUP BY (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END)
ORDER BY (SUM(amount) / COUNT(*)) DESC
LIMIT 10000
-- params: []

-- clickhouse
SELECT (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END) AS `big`, (SUM(amount) / COUNT(*)) AS `mean amount`, COUNT(DISTINCT `country`) AS `countries`, MAX(`amount`) AS `max`, MIN(`quantity`) AS `min`
FROM `public`.`sales`
GROUP BY (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END)
ORDER BY (SUM(amount) / COUNT(*)) DESC
LIMIT 10000
-- params: []

-- trino
SELECT (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END) AS "big", (SUM(amount) / COUNT(*)) AS "mean amount", COUNT(DISTINCT "country") AS "countries", MAX("amount") AS "max", MIN("quantity") AS "min"
FROM "public"."sales"
GROUP BY (CASE WHEN amount > 100 THEN 'yes' ELSE 'no' END)
ORDER BY (SUM(amount) / COUNT(*)) DESC
LIMIT 10000
-- params: []

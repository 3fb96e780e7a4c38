-- duckdb
SELECT (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) AS "size band", SUM((amount * quantity)) AS "revenue"
FROM "public"."sales"
GROUP BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END)
ORDER BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) AS "size band", SUM((amount * quantity)) AS "revenue"
FROM "public"."sales"
GROUP BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END)
ORDER BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) AS "size band", SUM((amount * quantity)) AS "revenue"
FROM "public"."sales"
GROUP BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END)
ORDER BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) ASC
LIMIT 10000
-- params: []

-- mysql
SELECT (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) AS `size band`, SUM((amount * quantity)) AS `revenue`
FROM `public`.`sales`
GROUP BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END)
ORDER BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) AS `size band`, SUM((amount * quantity)) AS `revenue`
FROM `public`.`sales`
GROUP BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END)
ORDER BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) ASC
LIMIT 10000
-- params: []

-- trino
SELECT (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) AS "size band", SUM((amount * quantity)) AS "revenue"
FROM "public"."sales"
GROUP BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END)
ORDER BY (CASE WHEN quantity >= 3 THEN 'bulk' ELSE 'single' END) ASC
LIMIT 10000
-- params: []

-- duckdb
SELECT "country" AS "country", (COUNT(*)) AS "count"
FROM (
SELECT * FROM sales WHERE country <> 'DE'
) AS virtual_table
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- sqlite
SELECT "country" AS "country", (COUNT(*)) AS "count"
FROM (
SELECT * FROM sales WHERE country <> 'DE'
) AS virtual_table
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- postgresql
SELECT "country" AS "country", (COUNT(*)) AS "count"
FROM (
SELECT * FROM sales WHERE country <> 'DE'
) AS virtual_table
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

-- mysql
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM (
SELECT * FROM sales WHERE country <> 'DE'
) AS virtual_table
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000
-- params: []

-- clickhouse
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM (
SELECT * FROM sales WHERE country <> 'DE'
) AS virtual_table
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000
-- params: []

-- trino
SELECT "country" AS "country", (COUNT(*)) AS "count"
FROM (
SELECT * FROM sales WHERE country <> 'DE'
) AS virtual_table
GROUP BY "country"
ORDER BY "country" ASC
LIMIT 10000
-- params: []

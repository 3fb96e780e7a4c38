-- duckdb
SELECT "customer name" AS "customer name", "city" AS "Город ""city""", SUM("amount") AS "Сумма ""продаж"""
FROM "public"."sales"
WHERE "customer name" IN ($1, $2, $3)
GROUP BY "customer name", "city"
ORDER BY "customer name" ASC
LIMIT 10000
-- params: ["O'Brien","Анна \"Ли\"","Иван"]

-- sqlite
SELECT "customer name" AS "customer name", "city" AS "Город ""city""", SUM("amount") AS "Сумма ""продаж"""
FROM "public"."sales"
WHERE "customer name" IN (?, ?, ?)
GROUP BY "customer name", "city"
ORDER BY "customer name" ASC
LIMIT 10000
-- params: ["O'Brien","Анна \"Ли\"","Иван"]

-- postgresql
SELECT "customer name" AS "customer name", "city" AS "Город ""city""", SUM("amount") AS "Сумма ""продаж"""
FROM "public"."sales"
WHERE "customer name" IN ($1, $2, $3)
GROUP BY "customer name", "city"
ORDER BY "customer name" ASC
LIMIT 10000
-- params: ["O'Brien","Анна \"Ли\"","Иван"]

-- mysql
SELECT `customer name` AS `customer name`, `city` AS `Город "city"`, SUM(`amount`) AS `Сумма "продаж"`
FROM `public`.`sales`
WHERE `customer name` IN (?, ?, ?)
GROUP BY `customer name`, `city`
ORDER BY `customer name` ASC
LIMIT 10000
-- params: ["O'Brien","Анна \"Ли\"","Иван"]

-- clickhouse
SELECT `customer name` AS `customer name`, `city` AS `Город "city"`, SUM(`amount`) AS `Сумма "продаж"`
FROM `public`.`sales`
WHERE `customer name` IN ({p1:String}, {p2:String}, {p3:String})
GROUP BY `customer name`, `city`
ORDER BY `customer name` ASC
LIMIT 10000
-- params: ["O'Brien","Анна \"Ли\"","Иван"]

-- trino
SELECT "customer name" AS "customer name", "city" AS "Город ""city""", SUM("amount") AS "Сумма ""продаж"""
FROM "public"."sales"
WHERE "customer name" IN (?, ?, ?)
GROUP BY "customer name", "city"
ORDER BY "customer name" ASC
LIMIT 10000
-- params: ["O'Brien","Анна \"Ли\"","Иван"]

import { createRequire } from 'node:module';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Example tables read from the files of the vega-datasets package. Its JavaScript API downloads
 * from a CDN, so the files are read from the package folder on disk. Every column is declared with
 * its type (no auto-detection, so a new package version cannot silently change a type) and renamed
 * to snake_case so it can be used in SQL without quoting.
 */

export interface FileTable {
  name: string;
  /** File name under the package's data/ folder. */
  file: string;
  description: string;
  /** The SELECT that reads the file; `{file}` is replaced by the quoted absolute path. */
  select: string;
}

export const VEGA_TABLES: readonly FileTable[] = [
  {
    name: 'flights',
    file: 'flights-3m.parquet',
    description:
      'US domestic flights, January to June 2001: departure time, delay (minutes), distance (miles)',
    select: `SELECT "date"::TIMESTAMP AS "date", delay::INTEGER AS delay, distance::INTEGER AS distance,
        origin::VARCHAR AS origin, destination::VARCHAR AS destination
      FROM read_parquet({file})`,
  },
  {
    name: 'airports',
    file: 'airports.csv',
    description: 'US airports with their IATA code, city, state and coordinates',
    select: `SELECT iata, name, city, state, country, latitude, longitude
      FROM read_csv({file}, header = true, columns = {
        'iata': 'VARCHAR', 'name': 'VARCHAR', 'city': 'VARCHAR', 'state': 'VARCHAR',
        'country': 'VARCHAR', 'latitude': 'DOUBLE', 'longitude': 'DOUBLE'})`,
  },
  {
    name: 'cars',
    file: 'cars.json',
    description: 'Cars of 1970-1982: fuel economy, engine and origin',
    select: `SELECT "Name" AS name, "Miles_per_Gallon" AS miles_per_gallon, "Cylinders" AS cylinders,
        "Displacement" AS displacement, "Horsepower" AS horsepower, "Weight_in_lbs" AS weight_in_lbs,
        "Acceleration" AS acceleration, "Year" AS "year", "Origin" AS origin
      FROM read_json({file}, format = 'array', columns = {
        'Name': 'VARCHAR', 'Miles_per_Gallon': 'DOUBLE', 'Cylinders': 'INTEGER', 'Displacement': 'DOUBLE',
        'Horsepower': 'INTEGER', 'Weight_in_lbs': 'INTEGER', 'Acceleration': 'DOUBLE', 'Year': 'DATE',
        'Origin': 'VARCHAR'})`,
  },
  {
    name: 'movies',
    file: 'movies.json',
    description: 'Films with their box-office gross, budget, release date, genre and ratings',
    select: `SELECT "Title" AS title, "US Gross" AS us_gross, "Worldwide Gross" AS worldwide_gross,
        "US DVD Sales" AS us_dvd_sales, "Production Budget" AS production_budget,
        strptime("Release Date", '%b %d %Y')::DATE AS release_date, "MPAA Rating" AS mpaa_rating,
        "Running Time min" AS running_time_min, "Distributor" AS distributor, "Source" AS source,
        "Major Genre" AS major_genre, "Creative Type" AS creative_type, "Director" AS director,
        "Rotten Tomatoes Rating" AS rotten_tomatoes_rating, "IMDB Rating" AS imdb_rating,
        "IMDB Votes" AS imdb_votes
      FROM read_json({file}, format = 'array', columns = {
        'Title': 'VARCHAR', 'US Gross': 'BIGINT', 'Worldwide Gross': 'BIGINT', 'US DVD Sales': 'BIGINT',
        'Production Budget': 'BIGINT', 'Release Date': 'VARCHAR', 'MPAA Rating': 'VARCHAR',
        'Running Time min': 'INTEGER', 'Distributor': 'VARCHAR', 'Source': 'VARCHAR',
        'Major Genre': 'VARCHAR', 'Creative Type': 'VARCHAR', 'Director': 'VARCHAR',
        'Rotten Tomatoes Rating': 'INTEGER', 'IMDB Rating': 'DOUBLE', 'IMDB Votes': 'INTEGER'})`,
  },
  {
    name: 'stocks',
    file: 'stocks.csv',
    description: 'Monthly closing prices of five technology stocks, 2000-2010',
    select: `SELECT symbol, strptime("date", '%b %d %Y')::DATE AS "date", price
      FROM read_csv({file}, header = true, columns = {'symbol': 'VARCHAR', 'date': 'VARCHAR', 'price': 'DOUBLE'})
      ORDER BY symbol, "date"`,
  },
  {
    name: 'seattle_weather',
    file: 'seattle-weather.csv',
    description: 'Daily weather in Seattle, 2012-2015: precipitation (mm), temperatures (°C), wind (m/s)',
    select: `SELECT "date", precipitation, temp_max, temp_min, wind, weather
      FROM read_csv({file}, header = true, columns = {
        'date': 'DATE', 'precipitation': 'DOUBLE', 'temp_max': 'DOUBLE', 'temp_min': 'DOUBLE',
        'wind': 'DOUBLE', 'weather': 'VARCHAR'})`,
  },
];

/** The data/ folder of the installed vega-datasets package. */
export function vegaDataDir(): string {
  // The package exports only its (CDN-fetching) entry point, build/index.js; data/ is its sibling.
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  return path.join(path.dirname(path.dirname(entry)), 'data');
}

export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Creates every table of VEGA_TABLES from the files in `dataDir`. */
export async function createVegaTables(
  con: DuckDBConnection,
  dataDir: string = vegaDataDir(),
): Promise<void> {
  for (const table of VEGA_TABLES) {
    const select = table.select.replaceAll('{file}', sqlString(path.join(dataDir, table.file)));
    await con.run(`CREATE TABLE ${table.name} AS ${select}`);
  }
}

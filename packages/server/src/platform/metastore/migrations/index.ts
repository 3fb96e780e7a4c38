import type { Migration } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';
import * as m0001 from './0001_security_and_databases.ts';
import * as m0002 from './0002_datasets.ts';
import * as m0003 from './0003_database_settings.ts';
import * as m0004 from './0004_row_level_security.ts';
import * as m0005 from './0005_charts_and_dashboards.ts';
import * as m0006 from './0006_sql_lab.ts';
import * as m0008 from './0008_onboarding.ts';
import * as m0009 from './0009_filter_sets.ts';
import * as m0010 from './0010_sessions.ts';
import * as m0011 from './0011_identity.ts';
import * as m0012 from './0012_reports.ts';
import * as m0013 from './0013_logs.ts';
import * as m0014 from './0014_embedded_dashboards.ts';
import * as m0015 from './0015_annotation_layers.ts';
import * as m0016 from './0016_partition_columns.ts';
import * as m0017 from './0017_saved_query_runs.ts';
import * as m0018 from './0018_report_error_codes.ts';
import * as m0019 from './0019_tags.ts';
import * as m0020 from './0020_logs_by_user.ts';

/** Every migration in order; names sort lexically, so keep the numeric prefix. */
export function allMigrations(dialect: MigrationDialect): Record<string, Migration> {
  return {
    '0001_security_and_databases': { up: m0001.up(dialect) },
    '0002_datasets': { up: m0002.up(dialect) },
    '0003_database_settings': { up: m0003.up(dialect) },
    '0004_row_level_security': { up: m0004.up(dialect) },
    '0005_charts_and_dashboards': { up: m0005.up(dialect) },
    '0006_sql_lab': { up: m0006.up(dialect) },
    '0008_onboarding': { up: m0008.up(dialect) },
    '0009_filter_sets': { up: m0009.up(dialect) },
    '0010_sessions': { up: m0010.up(dialect) },
    '0011_identity': { up: m0011.up(dialect) },
    '0012_reports': { up: m0012.up(dialect) },
    '0013_logs': { up: m0013.up(dialect) },
    '0014_embedded_dashboards': { up: m0014.up(dialect) },
    '0015_annotation_layers': { up: m0015.up(dialect) },
    '0016_partition_columns': { up: m0016.up(dialect) },
    '0017_saved_query_runs': { up: m0017.up(dialect) },
    '0018_report_error_codes': { up: m0018.up(dialect) },
    '0019_tags': { up: m0019.up(dialect) },
    '0020_logs_by_user': { up: m0020.up(dialect) },
  };
}

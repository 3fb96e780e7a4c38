import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Alerts and scheduled reports (Superset's report_schedule and its satellites). A schedule names a chart
 * or a dashboard (reports) or a database and SQL (alerts); those keys have no ON DELETE: deleting a
 * chart, dashboard or database a schedule uses is refused by its service with the schedules' names,
 * as Superset does. Owners, recipients and the execution log go with their schedule.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('report_schedule')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      // 'Alert' or 'Report'
      .addColumn('type', 'varchar(50)', (c) => c.notNull())
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('context_markdown', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('crontab', 'varchar(1000)', (c) => c.notNull())
      .addColumn('timezone', 'varchar(100)', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('creation_method', 'varchar(255)', (c) => c.notNull().defaultTo('alerts_reports'))
      .addColumn('report_format', 'varchar(50)', (c) => c.notNull().defaultTo('PNG'))
      .addColumn('sql', 'text')
      .addColumn('chart_id', 'integer', (c) => c.references('slices.id'))
      .addColumn('dashboard_id', 'integer', (c) => c.references('dashboards.id'))
      .addColumn('database_id', 'integer', (c) => c.references('databases.id'))
      .addColumn('last_eval_dttm', 'varchar(32)')
      .addColumn('last_state', 'varchar(50)', (c) => c.notNull().defaultTo('Not triggered'))
      .addColumn('last_value', 'double precision')
      .addColumn('last_value_row_json', 'text')
      .addColumn('validator_type', 'varchar(100)')
      .addColumn('validator_config_json', 'text')
      .addColumn('log_retention', 'integer', (c) => c.notNull().defaultTo(90))
      .addColumn('grace_period', 'integer', (c) => c.notNull().defaultTo(14400))
      .addColumn('working_timeout', 'integer', (c) => c.defaultTo(3600))
      .addColumn('force_screenshot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('custom_width', 'integer')
      .addColumn('email_subject', 'varchar(255)')
      .addColumn('extra_json', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addUniqueConstraint('report_schedule_type_name', ['type', 'name'])
      .execute();
    await db.schema.createIndex('report_schedule_chart').on('report_schedule').column('chart_id').execute();
    await db.schema
      .createIndex('report_schedule_dashboard')
      .on('report_schedule')
      .column('dashboard_id')
      .execute();
    await db.schema
      .createIndex('report_schedule_database')
      .on('report_schedule')
      .column('database_id')
      .execute();
    await db.schema
      .createIndex('report_schedule_created_by')
      .on('report_schedule')
      .column('created_by_fk')
      .execute();

    await db.schema
      .createTable('report_schedule_user')
      .addColumn('report_schedule_id', 'integer', (c) =>
        c.notNull().references('report_schedule.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('report_schedule_user_pk', ['report_schedule_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('report_schedule_user_user')
      .on('report_schedule_user')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('report_recipient')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      // 'Email', 'Slack' or 'SlackV2'
      .addColumn('type', 'varchar(50)', (c) => c.notNull())
      .addColumn('recipient_config_json', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('report_schedule_id', 'integer', (c) =>
        c.notNull().references('report_schedule.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('report_recipient_schedule')
      .on('report_recipient')
      .column('report_schedule_id')
      .execute();

    await db.schema
      .createTable('report_execution_log')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('scheduled_dttm', 'varchar(32)', (c) => c.notNull())
      .addColumn('start_dttm', 'varchar(32)')
      .addColumn('end_dttm', 'varchar(32)')
      .addColumn('value', 'double precision')
      .addColumn('value_row_json', 'text')
      .addColumn('state', 'varchar(50)', (c) => c.notNull())
      .addColumn('error_message', 'text')
      .addColumn('report_schedule_id', 'integer', (c) =>
        c.notNull().references('report_schedule.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('report_execution_log_schedule')
      .on('report_execution_log')
      .columns(['report_schedule_id', 'start_dttm'])
      .execute();
  };
}

import type { InfoDefinition } from '../charts/info.ts';
import { REPORTS_LIST_SPEC } from './repo.ts';

/** `GET /api/v1/report/_info`: Superset's ReportScheduleRestApi titles, and the main fields of a create. */

const field = (name: string, label: string, required: boolean, type: string) => ({
  name,
  label,
  description: '',
  required,
  type,
});

export const REPORT_INFO: InfoDefinition = {
  view: 'ReportSchedule',
  spec: REPORTS_LIST_SPEC,
  fields: [
    field('type', 'Type', true, 'String'),
    field('name', 'Name', true, 'String'),
    field('description', 'Description', false, 'String'),
    field('crontab', 'Crontab', true, 'String'),
    field('timezone', 'Timezone', false, 'String'),
    field('active', 'Active', false, 'Boolean'),
    field('chart', 'Chart', false, 'Integer'),
    field('dashboard', 'Dashboard', false, 'Integer'),
    field('database', 'Database', false, 'Integer'),
    field('sql', 'SQL', false, 'String'),
    field('report_format', 'Report Format', false, 'String'),
    field('owners', 'Owners', false, 'List'),
    field('recipients', 'Recipients', false, 'List'),
  ],
  addTitle: 'Add Report Schedule',
  editTitle: 'Edit Report Schedule',
};

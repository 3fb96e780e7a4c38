import { validateMetadata } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { parse } from 'yaml';
import { controlCharacterProblems } from '../../http/controlCharacters.ts';
import { BadRequestError, HttpError } from '../../http/errors.ts';
import { readZipFiles, ZipFormatError, ZipLimitError, type ZipLimits } from '../../platform/zip/index.ts';

/**
 * Reading a dashboard export (exportBundle.ts, or Superset's): the YAML files of the ZIP by kind, each
 * checked for the fields an import needs. Problems are answered as Superset's import does: 422 with
 * GENERIC_COMMAND_ERROR and the message per file in `extra`.
 */

export interface ChartConfig {
  file: string;
  uuid: string;
  slice_name: string;
  slice_name_ru: string | null;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  viz_type: string;
  params: Record<string, unknown>;
  query_context: string | null;
  cache_timeout: number | null;
  dataset_uuid: string;
}

export interface DashboardConfig {
  file: string;
  uuid: string;
  dashboard_title: string;
  dashboard_title_ru: string | null;
  description: string | null;
  css: string | null;
  slug: string | null;
  certified_by: string | null;
  certification_details: string | null;
  published: boolean;
  position: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export interface ImportBundle {
  dashboards: DashboardConfig[];
  charts: ChartConfig[];
}

export class ImportError extends HttpError {
  constructor(problems: Record<string, string>) {
    super(422, {
      errors: [
        {
          message: 'Error importing dashboard',
          error_type: 'GENERIC_COMMAND_ERROR',
          level: 'warning',
          extra: {
            ...problems,
            issue_codes: [
              { code: 1010, message: 'Issue 1010 - Superset encountered an error while running a command.' },
            ],
          },
        },
      ],
    });
  }
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The YAML files of the ZIP by path below the export's root folder. The archive is held to the limits
 * (file count, unpacked size, ratio) before anything is unpacked; a refusal is a 400 saying why.
 */
async function readFiles(buffer: Buffer, limits: ZipLimits): Promise<Map<string, unknown>> {
  let yamlFiles: Awaited<ReturnType<typeof readZipFiles>>;
  try {
    yamlFiles = await readZipFiles(buffer, limits, (name) => /\.ya?ml$/i.test(name));
  } catch (error) {
    if (error instanceof ZipLimitError || error instanceof ZipFormatError) {
      throw new BadRequestError(error.message);
    }
    throw error;
  }
  const files = new Map<string, unknown>();
  const problems: Record<string, string> = {};
  for (const entry of yamlFiles) {
    const path = entry.name.includes('/') ? entry.name.slice(entry.name.indexOf('/') + 1) : entry.name;
    try {
      const document: unknown = parse(entry.content.toString('utf8'));
      // What a ZIP carries is stored like a JSON body's fields: the same control-character rule.
      const [field, messages] = Object.entries(controlCharacterProblems(document))[0] ?? [];
      if (field && messages) problems[path] = `${field}: ${messages.join(' ')}`;
      else files.set(path, document);
    } catch (error) {
      problems[path] = `Not valid YAML: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  if (Object.keys(problems).length > 0) throw new ImportError(problems);
  return files;
}

function chartConfig(file: string, raw: Raw, problems: Record<string, string>): ChartConfig | null {
  const uuid = text(raw.uuid);
  const name = text(raw.slice_name);
  const vizType = text(raw.viz_type);
  const datasetUuid = text(raw.dataset_uuid);
  if (!uuid || !name || !vizType || !datasetUuid) {
    problems[file] = 'uuid, slice_name, viz_type and dataset_uuid are required';
    return null;
  }
  return {
    file,
    uuid,
    slice_name: name,
    slice_name_ru: text(raw.slice_name_ru),
    description: text(raw.description),
    certified_by: text(raw.certified_by),
    certification_details: text(raw.certification_details),
    viz_type: vizType,
    params: isRecord(raw.params) ? raw.params : {},
    query_context: text(raw.query_context),
    cache_timeout: typeof raw.cache_timeout === 'number' ? raw.cache_timeout : null,
    dataset_uuid: datasetUuid,
  };
}

function dashboardConfig(file: string, raw: Raw, problems: Record<string, string>): DashboardConfig | null {
  const uuid = text(raw.uuid);
  const title = text(raw.dashboard_title);
  if (!uuid || title === null) {
    problems[file] = 'uuid and dashboard_title are required';
    return null;
  }
  const metadata = isRecord(raw.metadata) ? raw.metadata : {};
  const metadataProblems = validateMetadata(metadata);
  if (metadataProblems.length > 0) {
    problems[file] = metadataProblems
      .map((problem) => `metadata.${problem.field}: ${problem.message}`)
      .join('; ');
    return null;
  }
  return {
    file,
    uuid,
    dashboard_title: title,
    dashboard_title_ru: text(raw.dashboard_title_ru),
    description: text(raw.description),
    css: text(raw.css),
    slug: text(raw.slug),
    certified_by: text(raw.certified_by),
    certification_details: text(raw.certification_details),
    published: raw.published === true,
    position: isRecord(raw.position) ? raw.position : {},
    metadata,
  };
}

export async function readImportBundle(buffer: Buffer, limits: ZipLimits): Promise<ImportBundle> {
  const files = await readFiles(buffer, limits);
  const metadata = files.get('metadata.yaml');
  if (!isRecord(metadata) || metadata.type !== 'Dashboard') {
    throw new ImportError({ 'metadata.yaml': 'Must be a dashboard export (type: Dashboard)' });
  }
  const problems: Record<string, string> = {};
  const bundle: ImportBundle = { dashboards: [], charts: [] };
  for (const [file, raw] of files) {
    if (!isRecord(raw)) continue;
    if (file.startsWith('charts/')) {
      const chart = chartConfig(file, raw, problems);
      if (chart) bundle.charts.push(chart);
    } else if (file.startsWith('dashboards/')) {
      const dashboard = dashboardConfig(file, raw, problems);
      if (dashboard) bundle.dashboards.push(dashboard);
    }
  }
  if (bundle.dashboards.length === 0 && Object.keys(problems).length === 0) {
    problems['metadata.yaml'] = 'The export holds no dashboard';
  }
  if (Object.keys(problems).length > 0) throw new ImportError(problems);
  return bundle;
}

import { type DashboardMetadata, validateMetadata } from '@vitrina/common';

/**
 * Checks the JSON metadata an author types in the properties' advanced editor: it must be JSON, and
 * then pass the same validation as the API (common's validateMetadata: known keys, each of its kind).
 */

export type MetadataIssue = { code: 'invalidJson' } | { code: 'problem'; field: string; message: string };

export interface MetadataCheck {
  metadata: DashboardMetadata | null;
  issues: MetadataIssue[];
}

/** The metadata parsed, or null with the reasons it cannot be saved. Empty text is an empty object. */
export function checkMetadata(text: string): MetadataCheck {
  if (text.trim() === '') return { metadata: {}, issues: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { metadata: null, issues: [{ code: 'invalidJson' }] };
  }
  const problems = validateMetadata(value);
  return problems.length > 0
    ? { metadata: null, issues: problems.map((problem) => ({ code: 'problem', ...problem })) }
    : { metadata: value as DashboardMetadata, issues: [] };
}

/** The validator's (English, API) reasons the modal words in the UI language; others show as they are. */
const REASON_KEYS: Record<string, string> = {
  'Unknown field.': 'dashboardProperties.issues.unknownKey',
  'Not a valid integer.': 'dashboardProperties.issues.integer',
  'Not a valid boolean.': 'dashboardProperties.issues.boolean',
  'Not a valid string.': 'dashboardProperties.issues.string',
  'Not a valid mapping type.': 'dashboardProperties.issues.mapping',
  'Not a valid list.': 'dashboardProperties.issues.list',
};

export function issueText(
  issue: MetadataIssue,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  if (issue.code === 'invalidJson') return t('dashboardProperties.issues.invalidJson');
  if (issue.field === '_schema') return t('dashboardProperties.issues.notObject');
  const reasonKey = REASON_KEYS[issue.message];
  return t('dashboardProperties.issues.field', {
    field: issue.field,
    reason: reasonKey ? t(reasonKey) : issue.message,
  });
}

export function issueKey(issue: MetadataIssue): string {
  return issue.code === 'problem' ? `${issue.field}:${issue.message}` : issue.code;
}

import type { AdhocColumn, ExploreDataset, QueryColumn } from '@vitrina/common';
import { columnTitle, findColumn } from '../shared/datasetNames.ts';

export type ColumnTab = 'SIMPLE' | 'SQL';

export interface ColumnDraft {
  tab: ColumnTab;
  column: string | null;
  sqlExpression: string;
  label: string;
}

export function columnDraft(column: QueryColumn | null): ColumnDraft {
  if (column === null) return { tab: 'SIMPLE', column: null, sqlExpression: '', label: '' };
  if (typeof column === 'string') return { tab: 'SIMPLE', column, sqlExpression: '', label: '' };
  // A column reference saved as an adhoc column is still a plain column to the user.
  if (column.isColumnReference)
    return { tab: 'SIMPLE', column: column.sqlExpression, sqlExpression: '', label: '' };
  return {
    tab: 'SQL',
    column: null,
    sqlExpression: column.sqlExpression,
    label: column.label === column.sqlExpression ? '' : column.label,
  };
}

/** A dataset column's name, or an adhoc SQL column labelled by its label or its SQL; null if incomplete. */
export function buildColumn(draft: ColumnDraft): QueryColumn | null {
  if (draft.tab === 'SIMPLE') return draft.column;
  const sqlExpression = draft.sqlExpression.trim();
  if (!sqlExpression) return null;
  const column: AdhocColumn = {
    label: draft.label.trim() || sqlExpression,
    sqlExpression,
    expressionType: 'SQL',
  };
  return column;
}

export function columnChipLabel(column: QueryColumn, datasource: ExploreDataset, language: string): string {
  if (typeof column !== 'string') return column.label;
  const found = findColumn(datasource, column);
  return found ? columnTitle(found, language) : column;
}

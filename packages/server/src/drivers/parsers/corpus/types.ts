import type { StatementKind } from '../types.ts';

/**
 * One row of a dialect's corpus: what the parser must say about the text. `kinds` lists the
 * statements' kinds in order (an empty list: nothing but comments); `refused`: SqlParseError.
 */
export interface CorpusRow {
  name: string;
  sql: string;
  expect: { kinds: StatementKind[] } | 'refused';
  /** Whether the text has comments the parser skipped (checked when given). */
  comments?: boolean;
  /**
   * Whether a statement reaches files or code (checked when given): flagged by the parser, or, for a
   * refused text, named in its SqlParseError so the refusal says why.
   */
  filesOrCode?: boolean;
}

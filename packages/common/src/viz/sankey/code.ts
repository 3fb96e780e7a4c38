import type { ChartCode } from '../chartPlugin.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { example } from './example.ts';
import { transformProps } from './transformProps.ts';

/** What this type's chunk holds: its controls, query building, drawing and example (type.ts loads it). */
export const code: ChartCode = { controlPanel, buildQuery, transformProps, example };

import { withCode } from '../chartPlugin.ts';
import { code } from './code.ts';
import { chartType } from './type.ts';

/** The whole plugin at once (the server, tests); the web app loads it through the registry. */
export const plugin = withCode(chartType, code);

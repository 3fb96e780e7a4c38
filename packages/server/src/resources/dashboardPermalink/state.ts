import { isRecord } from '@vitrina/common/isRecord';
import { BadRequestError } from '../../http/errors.ts';

/**
 * The state a dashboard permalink keeps (Superset's DashboardPermalinkStateSchema): the filters'
 * data masks by filter id (or chart id for cross-filters), the active tabs, the anchor to scroll to
 * and the URL parameters. Every field is optional; a wrong one is named in a 400.
 */
export interface DashboardPermalinkState {
  dataMask?: Record<string, unknown>;
  activeTabs?: string[];
  anchor?: string;
  urlParams?: Array<[string, string]>;
}

const FIELDS = ['dataMask', 'activeTabs', 'anchor', 'urlParams'] as const;

const isPair = (pair: unknown): pair is [string, string] =>
  Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string');

export function parsePermalinkState(body: unknown): DashboardPermalinkState {
  if (!isRecord(body)) throw new BadRequestError('Request is not JSON');
  const errors: Record<string, string[]> = {};
  for (const field of Object.keys(body)) {
    if (!(FIELDS as readonly string[]).includes(field)) errors[field] = ['Unknown field.'];
  }
  const state: DashboardPermalinkState = {};
  const { dataMask, activeTabs, anchor, urlParams } = body;
  if (dataMask !== undefined && dataMask !== null) {
    if (!isRecord(dataMask)) errors.dataMask = ['Not a valid mapping type.'];
    else if (Object.values(dataMask).some((mask) => !isRecord(mask))) {
      errors.dataMask = ['Each data mask must be a mapping.'];
    } else state.dataMask = dataMask;
  }
  if (activeTabs !== undefined && activeTabs !== null) {
    if (!Array.isArray(activeTabs) || !activeTabs.every((tab) => typeof tab === 'string')) {
      errors.activeTabs = ['Must be a list of tab ids.'];
    } else state.activeTabs = activeTabs;
  }
  if (anchor !== undefined && anchor !== null) {
    if (typeof anchor !== 'string') errors.anchor = ['Not a valid string.'];
    else state.anchor = anchor;
  }
  if (urlParams !== undefined && urlParams !== null) {
    if (!Array.isArray(urlParams) || !urlParams.every(isPair)) {
      errors.urlParams = ['Must be a list of [name, value] pairs.'];
    } else state.urlParams = urlParams;
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return state;
}

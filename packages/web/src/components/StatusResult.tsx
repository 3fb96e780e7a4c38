import { lazyComponent } from './lazyComponent.tsx';

/**
 * antd's Result, loaded the first time one shows: its status illustrations (403, 404, 500) are about
 * 10 KB compressed, and the screens that may show one (a dashboard the user may not see, no access,
 * logging out) would otherwise carry them in every first download.
 */
export const StatusResult = lazyComponent(() => import('antd/es/result').then((module) => module.default));

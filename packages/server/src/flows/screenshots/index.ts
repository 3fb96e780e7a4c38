export { renderBaseUrl } from './addresses.ts';
export { chromiumScreenshotter } from './chromium.ts';

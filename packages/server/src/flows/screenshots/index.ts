export { renderBaseUrl } from './addresses.ts';
export { SharedBrowser } from './browser.ts';
export { chromiumScreenshotter } from './chromium.ts';

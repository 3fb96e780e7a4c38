import { type Browser, chromium } from 'playwright-core';

/**
 * One headless Chromium per process, started at the first picture and started again if it died;
 * every picture gets its own browser context (no cookies or storage shared between renders).
 * Flags: no sandbox (workers often run as root in containers), and nothing that phones home — the
 * machine may have no network, and a render must not wait on one.
 */

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--hide-scrollbars',
  '--font-render-hinting=none',
];

export class SharedBrowser {
  private starting: Promise<Browser> | null = null;

  constructor(private readonly executablePath: string) {}

  async get(): Promise<Browser> {
    if (this.starting) {
      const browser = await this.starting.catch(() => null);
      if (browser?.isConnected()) return browser;
    }
    const starting = chromium.launch({ executablePath: this.executablePath, headless: true, args: FLAGS });
    this.starting = starting;
    try {
      return await starting;
    } catch (error) {
      this.starting = null;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new Error(`Chromium could not start (${this.executablePath}): ${reason}`);
    }
  }

  async close(): Promise<void> {
    const starting = this.starting;
    this.starting = null;
    const browser = await starting?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}

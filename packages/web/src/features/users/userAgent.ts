/** What a person recognises in a User-Agent header: the browser and the operating system. */
export interface DeviceDescription {
  browser: string | null;
  system: string | null;
  /** The first product token (curl/8.0 → curl) when no browser is recognised. */
  client: string | null;
}

// Order matters: Edge, Opera and Yandex also say Chrome; Chrome also says Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, table: Array<[RegExp, string]>): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, system: null, client: null };
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  const client = browser ? null : (/^([\w.-]+)\//.exec(userAgent)?.[1] ?? null);
  return { browser, system, client };
}

// npm test: lint, type check, unit + API tests, then the e2e journeys in Chromium. Every step
// runs even after a failure, and the run ends with one plain line totalling every suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readPlaywrightReport, readVitestReport, slowestLines } from './testReports.mjs';
import { webBundleIsStale } from './webBundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, '.test-output');
fs.rmSync(output, { recursive: true, force: true });
fs.mkdirSync(output, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(name);
  return ok;
}

/** A check that is not a test runner counts as one test. */
function check(name, command, args) {
  if (run(name, command, args)) totals.passed += 1;
  else totals.failed += 1;
}

const reports = {};

/** A runner that failed while its report counted no failure (it could not start) counts as one. */
function runSuite(name, command, args, env, read) {
  const ok = run(name, command, args, env);
  const report = read();
  reports[name] = report;
  if (report) {
    totals.passed += report.passed;
    totals.failed += report.failed;
    totals.skipped += report.skipped;
  }
  if (!report || (!ok && !report.failed)) totals.failed += 1;
}

check('lint', 'npx', ['biome', 'check', '.']);
for (const project of ['packages/common', 'packages/server', 'packages/web', 'e2e', 'bench']) {
  check(`types ${project}`, 'npx', ['tsc', '--noEmit', '-p', project]);
}

// The browser and the web build come first: the screenshot tests among the unit tests draw real pages.
const browserReady =
  run('chromium', 'node', ['scripts/ensure-chromium.mjs']) &&
  (!webBundleIsStale() || run('web build', 'npm', ['run', 'build', '-w', '@vitrina/web']));

const vitestReport = path.join(output, 'vitest.json');
const vitestUnhandled = path.join(output, 'vitest-unhandled.json');
runSuite(
  'unit and API tests',
  'npx',
  ['vitest', 'run'],
  { VITRINA_TEST_JSON: vitestReport, VITRINA_TEST_UNHANDLED: vitestUnhandled },
  () => readVitestReport(vitestReport, root, vitestUnhandled),
);

if (browserReady) {
  runSuite('e2e journeys', 'npx', ['playwright', 'test'], {}, () =>
    readPlaywrightReport(path.join(output, 'e2e.json')),
  );
} else {
  totals.failed += 1;
}

const unit = reports['unit and API tests'];
const e2e = reports['e2e journeys'];
for (const line of [
  ...slowestLines('unit/API files', unit?.durations ?? []),
  ...slowestLines('journeys', e2e?.durations ?? []),
  '',
  // Named again at the end, where a CI log cut to its last lines still shows them.
  ...(e2e?.flaky ?? []).map((name) => `flaky (passed on retry): ${name}`),
  ...(unit?.failures ?? []).map((name) => `failed (unit/API): ${name}`),
  ...(e2e?.failures ?? []).map((name) => `failed (journey): ${name}`),
])
  console.log(line);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);

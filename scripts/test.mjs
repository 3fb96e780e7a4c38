// npm test: lint, type check, unit + API tests, then the e2e journeys in Chromium. Every step
// runs even after a failure, and the run ends with one plain line totalling every suite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** A check's output, kept whole so checks running side by side print one after another. */
function runCaptured(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * Checks that are not test runners, one core each (each type check is a single-threaded tsc), run side by
 * side; each counts as one test.
 */
async function checkAll(checks) {
  const queue = [...checks];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, command, args] = next;
      const { ok, output } = await runCaptured(command, args);
      console.log(`\n=== ${name}: ${command} ${args.join(' ')}\n${output}`.trimEnd());
      if (ok) totals.passed += 1;
      else {
        totals.failed += 1;
        failedSteps.push(name);
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, lane));
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

await checkAll([
  // The two longest first, so the short ones fill in beside them.
  ...['packages/server', 'packages/web', 'bench', 'packages/common', 'e2e'].map((project) => [
    `types ${project}`,
    'npx',
    ['tsc', '--noEmit', '-p', project],
  ]),
  ['lint', 'npx', ['biome', 'check', '.']],
]);

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

// npm test: lint, type check, unit + API tests, then the e2e journeys in Chromium. Every step
// runs even after a failure, and the run ends with one plain line totalling every suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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

function countVitest(file) {
  if (!fs.existsSync(file)) return false;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  // A file that fails before running any test (an import error, a service missing in CI) has no
  // test results of its own: count it as one failure so it can't vanish from the total.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.length,
  );
  totals.failed += report.numFailedTests + brokenFiles.length;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  return true;
}

/** Journeys that passed only on their retry: named, so flakiness is seen and fixed rather than hidden. */
function flakyTitles(suites, prefix = []) {
  const titles = [];
  for (const suite of suites ?? []) {
    const path = suite.title ? [...prefix, suite.title] : prefix;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((each) => each.status === 'flaky')) titles.push([...path, spec.title].join(' › '));
    }
    titles.push(...flakyTitles(suite.suites, path));
  }
  return titles;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return false;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { stats } = report;
  for (const title of flakyTitles(report.suites)) console.log(`flaky (passed on retry): ${title}`);
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  return true;
}

check('lint', 'npx', ['biome', 'check', '.']);
for (const project of ['packages/common', 'packages/server', 'packages/web', 'e2e', 'bench']) {
  check(`types ${project}`, 'npx', ['tsc', '--noEmit', '-p', project]);
}

/** A runner that failed while its report counted no failure (it could not start) counts as one. */
function runSuite(name, command, args, env, count, report) {
  const failedBefore = totals.failed;
  const ok = run(name, command, args, env);
  const counted = count(report);
  if (!counted || (!ok && totals.failed === failedBefore)) totals.failed += 1;
}

// The browser and the web build come first: the screenshot tests among the unit tests draw real pages.
const browserReady =
  run('chromium', 'node', ['scripts/ensure-chromium.mjs']) &&
  (!webBundleIsStale() || run('web build', 'npm', ['run', 'build', '-w', '@vitrina/web']));

const vitestReport = path.join(output, 'vitest.json');
runSuite(
  'unit and API tests',
  'npx',
  ['vitest', 'run'],
  { VITRINA_TEST_JSON: vitestReport },
  countVitest,
  vitestReport,
);

if (browserReady) {
  runSuite('e2e journeys', 'npx', ['playwright', 'test'], {}, countPlaywright, path.join(output, 'e2e.json'));
} else {
  totals.failed += 1;
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);

// Reading the runners' JSON reports: totals, the failures and flaky journeys by name, and where the time went.
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (text) => (text ?? '').split('\n').find((line) => line.trim()) ?? '';

/** Vitest's JSON report, or null when the runner wrote none; unhandledFile lists the run's unhandled errors. */
export function readVitestReport(file, root, unhandledFile) {
  if (!fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A file that fails before running any test (an import error, a service missing in CI) has no
  // test results of its own: count it as one failure so it can't vanish from the total.
  const brokenFiles = report.testResults.filter(
    (each) => each.status === 'failed' && !each.assertionResults.length,
  );
  const failures = [];
  for (const each of report.testResults) {
    const where = path.relative(root, each.name);
    if (each.status === 'failed' && !each.assertionResults.length)
      failures.push(`${where}: ${firstLine(each.message)}`);
    for (const test of each.assertionResults) {
      if (test.status === 'failed')
        failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  // Errors thrown outside any test fail the run while every test passed: each counts and is named.
  const unhandled =
    unhandledFile && fs.existsSync(unhandledFile) ? JSON.parse(fs.readFileSync(unhandledFile, 'utf8')) : [];
  for (const error of unhandled) {
    const where = error.testFile ? path.relative(root, error.testFile) : 'outside any test file';
    failures.push(
      `unhandled error in ${where}${error.testName ? ` › ${error.testName}` : ''}: ${error.message} ${error.stack[0] ?? ''}`,
    );
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length + unhandled.length,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
    flaky: [],
    durations: report.testResults
      .map((each) => ({ name: path.relative(root, each.name), ms: each.endTime - each.startTime }))
      .filter((each) => Number.isFinite(each.ms)),
  };
}

/** Walks Playwright's nested suites, calling visit(spec, titlePath, file) for each spec. */
function eachSpec(suites, visit, titles = [], file = '') {
  for (const suite of suites ?? []) {
    const where = suite.file ?? file;
    const path = suite.title && suite.title !== where ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) visit(spec, [...path, spec.title], where);
    eachSpec(suite.suites, visit, path, where);
  }
}

/** Playwright's JSON report, or null when the runner wrote none. */
export function readPlaywrightReport(file) {
  if (!fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { stats } = report;
  const flaky = [];
  const failures = [];
  const durations = [];
  eachSpec(report.suites, (spec, titles, where) => {
    const name = `${where} › ${titles.join(' › ')}`;
    const results = spec.tests.flatMap((test) => test.results);
    durations.push({ name, ms: results.reduce((sum, result) => sum + result.duration, 0) });
    // Journeys that passed only on their retry: named, so flakiness is seen and fixed rather than hidden.
    if (spec.tests.some((test) => test.status === 'flaky')) flaky.push(name);
    if (spec.tests.some((test) => test.status === 'unexpected')) failures.push(name);
  });
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failures,
    flaky,
    durations,
  };
}

/** The slowest entries, printed so a slow file or journey is seen and fixed at its root. */
export function slowestLines(label, durations, count = 10) {
  if (!durations.length) return [];
  const total = durations.reduce((sum, entry) => sum + entry.ms, 0);
  const top = [...durations].sort((a, b) => b.ms - a.ms).slice(0, count);
  return [
    `slowest ${label} (${count} of ${durations.length}, ${Math.round(total / 1000)} s summed):`,
    ...top.map((entry) => `  ${(entry.ms / 1000).toFixed(1).padStart(6)} s  ${entry.name}`),
  ];
}

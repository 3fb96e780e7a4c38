// A Vitest reporter that writes the run's unhandled errors to VITRINA_TEST_UNHANDLED as JSON.
// Vitest fails a run for them while every test passed, and its JSON report does not list them,
// so without this the summary at the end of `npm test` could only say "1 failed" without naming it.
import fs from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITRINA_TEST_UNHANDLED;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      message: `${error.name ?? 'Error'}: ${error.message ?? ''}`.split('\n')[0],
      testFile: error.VITEST_TEST_PATH ?? null,
      testName: error.VITEST_TEST_NAME ?? null,
      stack: (error.stack ?? '')
        .split('\n')
        .slice(1, 6)
        .map((line) => line.trim()),
    }));
    fs.writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}

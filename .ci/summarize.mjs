// Adds up the Vitest JSON reports of a CI run and prints the closing line.
import fs from 'node:fs';
import path from 'node:path';

const [dir, failedStepsArg] = process.argv.slice(2);
const failedSteps = Number(failedStepsArg ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const suitePassed = report.numPassedTests ?? 0;
  // A file can fail with no failed test (a failing beforeAll, an import error), and a run with an
  // unhandled error fails with every test passed: each counts as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  let suiteFailed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0) + brokenFiles;
  if (report.success === false && suiteFailed === 0) suiteFailed = 1;
  const suiteSkipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // What failed, named, so the end of the log alone says where to look.
  for (const result of report.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name ?? '');
    const failures = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failures) {
      const why = String(a.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      console.log(`FAIL ${path.basename(file, '.json')} ${where} > ${a.fullName}${why ? `: ${why}` : ''}`);
    }
    if (result.status === 'failed' && failures.length === 0) {
      console.log(
        `FAIL ${path.basename(file, '.json')} ${where}: ${String(result.message ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
    }
  }
  console.log(`${path.basename(file, '.json')}: ${suitePassed} passed, ${suiteFailed} failed, ${suiteSkipped} skipped`);
  passed += suitePassed;
  failed += suiteFailed;
  skipped += suiteSkipped;
}
// A step that failed outside a test runner (lint, types, build, a suite that did not start)
// counts as one failure, so the closing line never reads green when the run was not.
failed += failedSteps > 0 && failed === 0 ? failedSteps : 0;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);

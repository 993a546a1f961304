/**
 * What counts as test code, for the import rules (.dependency-cruiser.cjs) and the import map
 * (scripts/check-imports.mjs): tests, their helpers and set-up, the benches and the test kit.
 */
module.exports = [
  '\\.test\\.tsx?$',
  '\\.spec\\.ts$',
  '/test-support/',
  '^tests/',
  '^bench/',
  '/jest\\.(config|setup)\\.[cm]?[jt]s$',
  '^packages/test-kit/',
];

/**
 * The import rules that keep the layers apart (docs/adr/0024-packages-and-layers.md), checked by
 * `npm run lint`: packages at the bottom, the three services above them and apart, a commerce
 * module reaching another only through its service.ts, test kits for tests alone, no circle.
 */
// dependency-cruiser loads its configuration as CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TEST_CODE = require('./scripts/lib/test-code.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import circle: two files that cannot be read, tested or moved one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that names nothing: a moved or deleted file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'services-import-only-packages',
      comment:
        'A service imports its own files, packages/ and libraries: never another service, the tests or the scripts.',
      severity: 'error',
      from: { path: '^(storefront|cms|commerce-service)/' },
      to: {
        pathNot: ['^$1/', '^packages/', 'node_modules'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'packages-import-no-service',
      comment:
        'packages/ is the bottom layer: nothing in it knows a service, the tests or the scripts.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(storefront|cms|commerce-service|tests|bench|scripts)/' },
    },
    {
      name: 'modules-meet-through-their-service',
      comment:
        "A commerce module uses another module only through that module's service.ts, its face; its repository and helpers are its own (docs/adr/0014-commerce-module-shape.md).",
      severity: 'error',
      from: { path: '^commerce-service/src/modules/([^/]+)/', pathNot: TEST_CODE },
      to: {
        path: '^commerce-service/src/modules/',
        pathNot: [
          '^commerce-service/src/modules/$1/',
          '^commerce-service/src/modules/[^/]+/service\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'test-kits-for-tests-only',
      comment: 'Shipped code never reaches for a fake, a fixture or the fuzzing kit.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: ['^packages/test-kit/', '/test-support/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)(node_modules|dist|build|\\.next|\\.strapi|\\.data|\\.tmp|test-results|playwright-report)/',
        '^cms/types/generated/',
        '^cms/src/admin/',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'storefront/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const jestConfig = createJestConfig({
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // The CMS's React 18 is hoisted to the root; the storefront's components run on React 19.
    '^react$': '<rootDir>/node_modules/react',
    '^react/(.*)$': '<rootDir>/node_modules/react/$1',
    '^react-dom$': '<rootDir>/node_modules/react-dom',
    '^react-dom/(.*)$': '<rootDir>/node_modules/react-dom/$1',
    // Server-only modules are unit-tested in plain Node; the guard matters only in bundles.
    '^server-only$': '<rootDir>/test-support/empty-module.ts',
    // The AI SDK reads zod's English messages by their ES module file; zod ships them for
    // require too.
    '^zod/v4/locales/en\\.js$': 'zod/v4/locales/en.cjs',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/'],
});

// The AI SDK, `marked`, `stemmer`, sanitize-html's parser and ECharts' modules (with the zrender
// they draw with) ship only as ES modules, so jest compiles them like the app's own code.
export default async () => {
  const config = await jestConfig();
  return {
    ...config,
    transformIgnorePatterns: [
      '/node_modules/(?!(ai|@workflow/serde|@ai-sdk|eventsource-parser|marked|stemmer|sanitize-html|htmlparser2|domhandler|domutils|dom-serializer|entities|domelementtype|echarts|zrender)/)',
      '^.+\\.module\\.(css|sass|scss)$',
    ],
  };
};

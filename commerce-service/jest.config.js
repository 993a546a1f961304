/** Jest runs the TypeScript sources as ES modules through SWC. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};

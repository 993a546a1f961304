/**
 * What every jest run of ES-module TypeScript sources shares: SWC turns each file into an ES
 * module, as Node would run it. A workspace's own jest.config.js adds its own settings.
 */
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

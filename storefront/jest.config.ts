import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

export default createJestConfig({
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // Server-only modules are unit-tested in plain Node; the guard matters only in bundles.
    '^server-only$': '<rootDir>/test-support/empty-module.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/'],
});

/** The packages' tests, run by each package's `npm test` with its folder as the root. */
export { default } from './test-kit/src/jest-swc.js';

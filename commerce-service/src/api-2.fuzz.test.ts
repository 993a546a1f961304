/** Part 2 of the API fuzz suite: see test-support/fuzz/api-suite.ts. */
import { defineApiFuzzSuite } from './test-support/fuzz/api-suite.ts';

await defineApiFuzzSuite(2, 2);

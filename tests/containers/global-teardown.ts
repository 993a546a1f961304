/**
 * After the container journey, passed or failed: its containers, networks and volumes go, and
 * so does its folder (settings, mail, sample eBooks). JOURNEY_KEEP=1 keeps them for a look.
 */
import { rmSync } from 'node:fs';
import { removeProject } from './support/compose.js';

export default function globalTeardown() {
  if (process.env.JOURNEY_KEEP === '1') return;
  removeProject();
  const workDir = process.env.JOURNEY_WORK_DIR;
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

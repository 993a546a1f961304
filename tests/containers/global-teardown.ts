/**
 * After the container journey, passed or failed: its containers, networks and volumes go, and
 * so does the folder it made (settings, mail, sample eBooks). JOURNEY_KEEP=1 keeps them.
 */
import { rmSync } from 'node:fs';
import { removeProject } from './support/compose.js';

export default function globalTeardown() {
  if (process.env.JOURNEY_KEEP === '1') return;
  removeProject();
  const workDir = process.env.JOURNEY_WORK_DIR;
  if (workDir && process.env.JOURNEY_REMOVE_WORK_DIR === '1') {
    rmSync(workDir, { recursive: true, force: true });
  }
}

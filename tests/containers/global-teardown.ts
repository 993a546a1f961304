/** After the container journey, passed or failed: its containers, networks and volumes go. */
import { removeProject } from './support/compose.js';

export default function globalTeardown() {
  if (process.env.JOURNEY_KEEP === '1') return;
  removeProject();
}

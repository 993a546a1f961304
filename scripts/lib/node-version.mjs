/**
 * Stops at once, with one sentence, under a Node.js the shop does not support.
 * Plain JavaScript without dependencies, so it runs under any old Node.
 */
export const MINIMUM_NODE = [22, 18];

export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1]);
}

export function assertSupportedNode() {
  if (isSupportedNode()) return;
  console.error(
    `This shop needs Node.js ${MINIMUM_NODE.join('.')} or newer (24 LTS recommended) but this is Node.js ${process.versions.node}: run \`source scripts/node24.sh\` to get Node.js 24 from the npm registry (or \`nvm install\`, which reads .nvmrc), then run the command again.`,
  );
  process.exit(1);
}

/**
 * The token an e-mailed link carries in its fragment (a library link, a withdrawal's
 * confirmation), taken out of the address bar and the history before anything else happens, so
 * that no later request, history entry or script sees it. The fragment never reaches a server.
 */
export function takeFragmentToken(): string {
  const token = window.location.hash.slice(1);
  window.history.replaceState(null, '', window.location.pathname);
  return token;
}

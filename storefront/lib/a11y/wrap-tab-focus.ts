/**
 * Keeps Tab and Shift+Tab inside a modal: Tab on the last focusable element (or from outside
 * the container) goes to the first, Shift+Tab on the first goes to the last. Returns false
 * when the container holds nothing focusable, and leaves that case to the caller.
 */
export function wrapTabFocus(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
  focusableSelector: string,
): boolean {
  if (event.key !== 'Tab') return true;
  const focusable = [...container.querySelectorAll<HTMLElement>(focusableSelector)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return false;
  const active = document.activeElement;
  if (
    !focusable.some((element) => element === active) ||
    active === (event.shiftKey ? first : last)
  ) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
  return true;
}

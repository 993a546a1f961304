import { wrapTabFocus } from './wrap-tab-focus';

function setUp() {
  document.body.innerHTML = `
    <button id="outside">outside</button>
    <div id="panel"><button id="first">1</button><input id="middle" /><button id="last">2</button></div>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { panel: byId('panel'), byId };
}

const tab = (shiftKey = false) => ({ key: 'Tab', shiftKey, preventDefault: jest.fn() });
const SELECTOR = 'button, input';

it('moves Tab on the last element to the first', () => {
  const { panel, byId } = setUp();
  byId('last').focus();
  const event = tab();
  expect(wrapTabFocus(event, panel, SELECTOR)).toBe(true);
  expect(event.preventDefault).toHaveBeenCalled();
  expect(document.activeElement).toBe(byId('first'));
});

it('moves Shift+Tab on the first element to the last', () => {
  const { panel, byId } = setUp();
  byId('first').focus();
  wrapTabFocus(tab(true), panel, SELECTOR);
  expect(document.activeElement).toBe(byId('last'));
});

it('brings focus from outside the container back to its first element', () => {
  const { panel, byId } = setUp();
  byId('outside').focus();
  wrapTabFocus(tab(), panel, SELECTOR);
  expect(document.activeElement).toBe(byId('first'));
});

it('leaves Tab between inner elements and other keys to the browser', () => {
  const { panel, byId } = setUp();
  byId('middle').focus();
  const event = tab();
  wrapTabFocus(event, panel, SELECTOR);
  const other = { key: 'a', shiftKey: false, preventDefault: jest.fn() };
  expect(wrapTabFocus(other, panel, SELECTOR)).toBe(true);
  expect(event.preventDefault).not.toHaveBeenCalled();
  expect(other.preventDefault).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(byId('middle'));
});

it('reports a container with nothing focusable', () => {
  const { panel } = setUp();
  expect(wrapTabFocus(tab(), panel, 'textarea')).toBe(false);
});

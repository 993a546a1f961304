import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CART_STORAGE_KEY } from '@/lib/cart/cart-storage';
import { cartCheckoutOutcome, openCheckoutInNewTab } from '@/lib/checkout/start-checkout';
import { CartButton } from './cart-button';
import { CartProvider } from './cart-provider';

jest.mock('@/lib/checkout/start-checkout', () => ({
  ...jest.requireActual('@/lib/checkout/start-checkout'),
  cartCheckoutOutcome: jest.fn(),
  openCheckoutInNewTab: jest.fn(),
}));
jest.mock('next/image', () => ({
  __esModule: true,
  default: ({ unoptimized: _u, ...props }: { unoptimized?: boolean; alt: string }) => (
    // eslint-disable-next-line @next/next/no-img-element
    <img {...props} alt={props.alt} />
  ),
}));

const outcome = cartCheckoutOutcome as jest.MockedFunction<typeof cartCheckoutOutcome>;
const openTab = openCheckoutInNewTab as jest.MockedFunction<typeof openCheckoutInNewTab>;

// jsdom has <dialog> without its modal behaviour.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const line = (id: string, name: string, price: number, quantity: number) => ({
  id,
  name,
  price,
  quantity,
  image: `/${id}.svg`,
});

function renderWithCart(lines: unknown[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  return render(
    <CartProvider>
      <CartButton />
    </CartProvider>,
  );
}

async function openDrawer(name: RegExp | string = /Cart/) {
  fireEvent.click(screen.getByRole('button', { name }));
  // The drawer's code is loaded lazily; give a busy machine time to load it.
  return screen.findByRole('dialog', { name: 'Your Cart' }, { timeout: 5000 });
}

beforeEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
  outcome.mockReset();
  openTab.mockReset();
});

describe('the cart drawer', () => {
  it('names the bag with the number of distinct lines and shows the badge', () => {
    renderWithCart([line('p', 'Parents', 27.99, 3), line('c', 'Cases', 19.99, 1)]);
    const bag = screen.getByRole('button', { name: 'Cart, 2 items' });
    expect(bag).toHaveTextContent('2');
  });

  it('lists the lines with prices and the total, with 2 decimals', async () => {
    renderWithCart([line('p', 'Parents', 27.99, 2), line('c', 'Cases', 19.99, 1)]);
    const drawer = await openDrawer();
    const items = within(drawer).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('$27.99');
    expect(drawer).toHaveTextContent('Total$75.97');
  });

  it('raises a quantity, and removes the line when the quantity drops to 0', async () => {
    renderWithCart([line('p', 'Parents', 27.99, 1), line('c', 'Cases', 19.99, 1)]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Increase quantity of Parents' }));
    expect(drawer).toHaveTextContent('Total$75.97');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Decrease quantity of Parents' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Decrease quantity of Parents' }));
    expect(within(drawer).queryByText('Parents')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('removes a line and clears the cart', async () => {
    renderWithCart([line('p', 'Parents', 27.99, 1), line('c', 'Cases', 19.99, 1)]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Parents' }));
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Clear cart' }));
    expect(drawer).toHaveTextContent('Your cart is empty.');
    expect(screen.getByRole('button', { name: 'Cart, empty' })).toBeInTheDocument();
  });

  it("alerts 'Your cart is empty!' on checkout with an empty cart", async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithCart([]);
    const drawer = await openDrawer('Cart, empty');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    expect(alert).toHaveBeenCalledWith('Your cart is empty!');
    expect(outcome).not.toHaveBeenCalled();
  });

  it("shows 'Processing...' until the attempt ends, then opens the checkout in a new tab", async () => {
    let finish: (value: { kind: 'open'; url: string }) => void = () => undefined;
    outcome.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderWithCart([line('p', 'Parents', 27.99, 1)]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    const busy = within(drawer).getByRole('button', { name: 'Processing...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(busy);
    expect(outcome).toHaveBeenCalledTimes(1);
    await act(async () => finish({ kind: 'open', url: 'https://pay.example/x' }));
    expect(openTab).toHaveBeenCalledWith('https://pay.example/x');
    expect(within(drawer).getByRole('button', { name: 'Checkout' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('alerts the failure message when the checkout cannot start', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    outcome.mockResolvedValue({
      kind: 'alert',
      message: 'Failed to proceed to checkout. Please try again.',
    });
    renderWithCart([line('p', 'Parents', 27.99, 1)]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to proceed to checkout. Please try again.'),
    );
    expect(openTab).not.toHaveBeenCalled();
  });

  it('closes with the close button and gives the focus back to the bag', async () => {
    renderWithCart([line('p', 'Parents', 27.99, 1)]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toHaveFocus();
  });

  it('keeps Tab inside the drawer', async () => {
    renderWithCart([line('p', 'Parents', 27.99, 1)]);
    const drawer = await openDrawer();
    const buttons = within(drawer).getAllByRole('button');
    const last = buttons.at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(drawer, { key: 'Tab' });
    expect(within(drawer).getByRole('button', { name: 'Close cart' })).toHaveFocus();
    fireEvent.keyDown(drawer, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });
});

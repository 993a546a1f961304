import { fireEvent, render, screen } from '@testing-library/react';
import { CartButton } from '@/components/cart/cart-button';
import { CartProvider } from '@/components/cart/cart-provider';
import { CART_STORAGE_KEY } from '@/lib/cart/cart-storage';
import { AddToCartButton } from './add-to-cart-button';

const product = {
  id: 'ebook-aba-for-parents',
  name: 'eBook ABA for Parents',
  description: 'Guide',
  price: 2799,
  currency: 'usd',
  images: ['/images/products/ebook-aba-for-parents.svg'],
  paymentLinkUrl: null,
};

beforeEach(() => localStorage.clear());

describe('AddToCartButton', () => {
  it("adds one copy at the price in dollars and then reads 'Added to Cart'", () => {
    render(
      <CartProvider>
        <CartButton />
        <AddToCartButton product={product} />
      </CartProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Added to Cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toHaveTextContent('1');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([
      {
        id: 'ebook-aba-for-parents',
        name: 'eBook ABA for Parents',
        description: 'Guide',
        price: 27.99,
        quantity: 1,
        image: '/images/products/ebook-aba-for-parents.svg',
      },
    ]);
  });

  it('does not add a second copy when pressed again', () => {
    render(
      <CartProvider>
        <AddToCartButton product={product} />
      </CartProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Added to Cart' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')[0].quantity).toBe(1);
  });

  it('sends AddToCart to the pixel with the currency upper-cased', () => {
    const fbq = jest.fn();
    window.fbq = fbq as unknown as typeof window.fbq;
    render(
      <CartProvider>
        <AddToCartButton product={product} />
      </CartProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(fbq).toHaveBeenCalledWith('track', 'AddToCart', {
      content_name: 'eBook ABA for Parents',
      content_ids: ['ebook-aba-for-parents'],
      content_type: 'product',
      value: 27.99,
      currency: 'USD',
    });
    delete window.fbq;
  });
});

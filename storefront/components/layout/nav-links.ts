/**
 * The main navigation (docs/product.md#navbar-cart-and-footer), shared by the desktop bar and the
 * mobile menu.
 */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
  { href: '/shop', label: 'Shop' },
] as const;

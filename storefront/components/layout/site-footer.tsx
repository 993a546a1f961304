import Link from 'next/link';
import { FooterNewsletter } from '@/components/newsletter/footer-newsletter';
import { CookieSettingsButton } from '@/components/tracking/cookie-settings-button';
import { WithdrawFooterLink } from '@/components/withdraw/withdraw-footer-link';
import { MEMBERSHIP_PATH } from '@/lib/membership/membership-offer';

const QUICK_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
  { href: '/shop', label: 'Shop' },
  { href: MEMBERSHIP_PATH, label: 'Membership' },
];

const RESOURCES = [
  { href: '/contact', label: 'Get Help' },
  { href: '/blog', label: 'ABA Insights' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-and-conditions', label: 'Terms & Conditions' },
  { href: '/no-refund-policy', label: 'No Refund Policy' },
  { href: '/accessibility', label: 'Accessibility' },
];

const POLICIES = RESOURCES.slice(2);

/**
 * A link of the footer's small print: 24 px tall at least, so that on a phone, where the row
 * wraps, a finger meant for one does not land on the next (docs/product.md#accessibility).
 */
const SMALL_PRINT_LINK = 'inline-flex min-h-6 items-center underline hover:text-white';

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { href: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <Link href={link.href} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer of every page (docs/product.md#navbar-cart-and-footer): about, links (the legal
 * pages and the accessibility statement), the newsletter's sign-up
 * (docs/product.md#keeping-in-touch), the 2025 copyright, the cookie settings when the shop
 * has an ad pixel (docs/product.md#cookie-consent) and the disclaimer.
 */
export function SiteFooter() {
  // The bottom padding lets the disclaimer scroll out from under the floating chat button.
  return (
    <footer className="mt-16 bg-slate-900 pb-20 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-semibold text-white">
            ABA Parent Guides
          </h2>
          <p className="mt-3 text-sm leading-relaxed">
            Practical, evidence-based ABA strategies for parents and caregivers of autistic
            children, written in plain language and ready to use at home.
          </p>
        </section>
        <FooterLinks id="footer-quick-links" title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks id="footer-resources" title="Resources" links={RESOURCES} />
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-10">
        <FooterNewsletter />
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-6 text-xs leading-relaxed">
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span>© 2025 ABA Parent Guides. All rights reserved.</span>
            {POLICIES.map((link) => (
              <Link key={link.href} href={link.href} className={SMALL_PRINT_LINK}>
                {link.label}
              </Link>
            ))}
            <WithdrawFooterLink className={`font-semibold ${SMALL_PRINT_LINK}`} />
            <CookieSettingsButton className={SMALL_PRINT_LINK} />
          </p>
          <p>
            Disclaimer: results are not typical and vary from child to child; no guarantees are
            given. Our guides are educational and do not offer legal, medical or tax advice, nor
            replace professional diagnosis or therapy.
          </p>
        </div>
      </div>
    </footer>
  );
}

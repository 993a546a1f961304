import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ButtonLink } from '@/components/layout/button-link';
import { TextCards } from '@/components/layout/text-cards';

export const metadata: Metadata = pageMetadata({
  title: 'About Us',
  description:
    'Who writes ABA Parent Guides: licensed ABA professionals who have helped 5,000+ families with evidence-based, practical strategies.',
  path: '/about',
});

const CLAIMS = ['Licensed ABA Professionals', '5,000+ Families Served', 'Evidence-Based Practices'];

const EXPERTISE = [
  {
    title: 'Parent Training and Support',
    text: 'Coaching parents to use ABA principles confidently in everyday routines.',
  },
  {
    title: 'Individualized Programming',
    text: 'Goals and steps shaped around each child’s strengths, needs and interests.',
  },
  {
    title: 'Social Skills Development',
    text: 'Play, turn-taking and conversation skills practised in real situations.',
  },
  {
    title: 'Evidence-Based Practice',
    text: 'Methods grounded in applied behaviour analysis research, explained simply.',
  },
  {
    title: 'Professional Development',
    text: 'Ongoing study and supervision so our guidance stays current.',
  },
];

const VALUES = [
  {
    title: 'Respect and Dignity',
    text: 'Every child is treated as a whole person, never as a list of behaviours.',
  },
  {
    title: 'Scientific Integrity',
    text: 'We recommend only what the evidence supports, and say so when it does not.',
  },
  {
    title: 'Family-Centered Care',
    text: 'Strategies fit your family’s life, culture and priorities.',
  },
  {
    title: 'Accessible Education',
    text: 'Clear language, fair prices and formats you can read or listen to.',
  },
  { title: 'Practical Application', text: 'Every idea comes with steps you can try today.' },
  { title: 'Ongoing Support', text: 'Questions are welcome: our team replies within 24 hours.' },
];

const IMPACT = [
  { figure: '15+', label: 'years of combined experience' },
  { figure: '5,000+', label: 'families served' },
  { figure: '95%', label: 'parent satisfaction rate' },
  { figure: '50+', label: 'research studies referenced' },
];

const BADGES = ['Trusted by Parents', 'Evidence-Based', 'Proven Results'];

export default function AboutPage() {
  return (
    <main className="space-y-20 pb-8">
      <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-16 text-center">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">About ABA Parent Guides</h1>
          <p className="mt-4 text-lg text-slate-700">
            We turn applied behaviour analysis into clear, kind, practical steps for families.
          </p>
          <ul className="mt-8 flex flex-wrap justify-center gap-3">
            {CLAIMS.map((claim) => (
              <li
                key={claim}
                className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-emerald-900 shadow-sm"
              >
                {claim}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-3xl px-4">
        <h2 id="mission-heading" className="text-3xl font-bold">
          Our Mission
        </h2>
        <p className="mt-4 leading-relaxed text-slate-700">
          Parents are their children’s most constant teachers, yet most ABA knowledge stays in
          clinics and journals. Our mission is to put that knowledge in parents’ hands: practical
          strategies, explained in plain language, that work alongside professional therapy and fit
          into real family life.
        </p>
      </section>

      <section aria-labelledby="expertise-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="expertise-heading" className="text-3xl font-bold">
          Our Expertise
        </h2>
        <TextCards items={EXPERTISE} cardClassName="border border-slate-200" />
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="values-heading" className="text-3xl font-bold">
            Our Values
          </h2>
          <TextCards items={VALUES} cardClassName="bg-white shadow-sm" />
        </div>
      </section>

      <section aria-labelledby="impact-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="impact-heading" className="sr-only">
          Our impact
        </h2>
        <dl className="grid gap-6 rounded-2xl bg-emerald-800 p-8 text-center text-white sm:grid-cols-2 lg:grid-cols-4">
          {IMPACT.map((item) => (
            <div key={item.label}>
              <dt className="text-sm text-emerald-100">{item.label}</dt>
              <dd className="order-first text-4xl font-bold">{item.figure}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-8 flex flex-wrap justify-center gap-4" aria-label="Why parents trust us">
          {BADGES.map((badge) => (
            <li
              key={badge}
              className="rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-900"
            >
              {badge}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta-heading" className="mx-auto max-w-3xl px-4 text-center">
        <h2 id="about-cta-heading" className="text-3xl font-bold">
          Ready to Start Your Journey?
        </h2>
        <div className="mt-6 flex flex-wrap justify-center gap-4">
          <ButtonLink href="/shop">Explore Our Resources</ButtonLink>
          <ButtonLink href="/contact" variant="secondary">
            Get Support
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}

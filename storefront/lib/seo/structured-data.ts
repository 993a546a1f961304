/** schema.org objects for the organisation, FAQ pages and blog articles. */
export const SITE_NAME = 'ABA Parent Guides';

export function organizationData(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: siteUrl,
    logo: new URL('/icon.png', siteUrl).href,
    email: 'support@abaparentguides.com',
    description:
      'Evidence-based ABA eBooks and audiobooks for parents and caregivers of autistic children.',
  };
}

export function faqPageData(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function blogPostingData(
  post: {
    title: string;
    slug: string;
    excerpt: string | null;
    author: string | null;
    created_at: string;
    cover: { url: string } | null;
  },
  siteUrl: string,
) {
  const url = new URL(`/blog/${post.slug}`, siteUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt ?? undefined,
    datePublished: post.created_at,
    inLanguage: 'it-IT',
    mainEntityOfPage: url,
    url,
    image: post.cover ? new URL(post.cover.url, siteUrl).href : undefined,
    author: post.author ? { '@type': 'Person', name: post.author } : undefined,
    publisher: { '@type': 'Organization', name: SITE_NAME, url: siteUrl },
  };
}

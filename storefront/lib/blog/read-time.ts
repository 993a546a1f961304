/**
 * Minutes to read a post: the words of its rendered HTML (tags left out, split on whitespace)
 * divided by 200, rounded up. The blog's cards and the post page all count `post.content`, so
 * they always agree; nothing stores a read time (README, "Editing content (CMS)").
 */
export function readTimeMinutes(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.ceil(words / 200);
}

/** Minutes to read a text: its words (split on whitespace) divided by 200, rounded up (spec §9). */
export function readTimeMinutes(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.ceil(words / 200);
}

/** A grid of cards, each a heading and a short text (challenges, expertise, values). */
export function TextCards({
  items,
  cardClassName,
}: {
  items: readonly { title: string; text: string }[];
  cardClassName: string;
}) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className={`rounded-2xl p-6 ${cardClassName}`}>
          <h3 className="text-lg font-semibold">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

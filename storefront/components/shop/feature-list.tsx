/** What a product includes, one ticked line each. */
export function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <span aria-hidden="true" className="text-emerald-700">
            ✓
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}

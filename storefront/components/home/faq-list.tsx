import type { FaqItem } from '@/lib/cms/faq';

export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {items.map((item) => (
        <details key={item.documentId} className="group p-4">
          <summary className="cursor-pointer font-medium">{item.question}</summary>
          <p className="mt-2 text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

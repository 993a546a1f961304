/** A spinner with its text, announced politely (the gate's and the list's waiting states). */
export function AdminSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-emerald-200 border-t-emerald-700"
      />
      <span>{label}</span>
    </div>
  );
}

'use client';
import { useContactForm } from './contact-form-context';

/** 'Ask Your Question' (docs/product.md#contact): takes the visitor to the form's subject field. */
export function AskQuestionButton() {
  const { askQuestion } = useContactForm();
  return (
    <button
      type="button"
      onClick={askQuestion}
      className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800"
    >
      Ask Your Question
    </button>
  );
}

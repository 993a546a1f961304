'use client';
/**
 * The create and edit form of a subscription record (docs/product.md#states, #validation): empty
 * for a new record, prefilled for an edit. Every field is checked on submit; a field with a message
 * is checked again on each edit, so the message goes as soon as the value is right.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { SubscriptionRecordInput } from '@aba-shop/contract';
import {
  RECORD_FIELDS,
  validateRecordField,
  validateRecordForm,
  type RecordField,
  type RecordFormErrors,
  type RecordFormValues,
} from '@/lib/admin/validate-record-form';
import { AdminModal, ModalCancelButton } from './admin-modal';
import { ErrorBanner } from './error-banner';

const FIELDS: Record<RecordField, { label: string; type: 'text' | 'email' }> = {
  user_id: { label: 'User ID', type: 'text' },
  email: { label: 'Email', type: 'email' },
  session_id: { label: 'Session ID', type: 'text' },
};

export function RecordFormModal({
  mode,
  initialValues,
  busy,
  error,
  onDismissError,
  onCancel,
  onSubmit,
  fallbackFocus,
}: {
  mode: 'create' | 'edit';
  initialValues: RecordFormValues;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onCancel: () => void;
  onSubmit: (input: SubscriptionRecordInput) => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<RecordFormErrors>({});
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function onChange(field: RecordField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: validateRecordField(field, value) }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const result = validateRecordForm(values);
    setErrors(result.errors);
    if (!result.input) {
      const firstInvalid = RECORD_FIELDS.find((field) => result.errors[field]);
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onSubmit(result.input);
  }

  return (
    <AdminModal
      title={mode === 'create' ? 'Nuovo Subscription Record' : 'Modifica Subscription Record'}
      busy={busy}
      onClose={onCancel}
      initialFocus={firstFieldRef}
      fallbackFocus={fallbackFocus}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        {error ? <ErrorBanner message={error} onDismiss={onDismissError} /> : null}
        <p className="text-sm text-slate-600">
          Tutti i campi sono obbligatori (<span className="text-red-700">*</span>).
        </p>
        {RECORD_FIELDS.map((field, index) => {
          const id = `record-${field}`;
          const message = errors[field];
          return (
            <div key={field}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {FIELDS[field].label}
                <span className="ml-0.5 text-red-700" aria-hidden="true">
                  *
                </span>
              </label>
              <input
                ref={index === 0 ? firstFieldRef : undefined}
                id={id}
                name={field}
                type={FIELDS[field].type}
                value={values[field]}
                onChange={(event) => onChange(field, event.target.value)}
                aria-required="true"
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                autoComplete="off"
                spellCheck={false}
                readOnly={busy}
                className={`mt-1 w-full rounded-lg border px-3 py-2.5 text-base ${
                  message ? 'border-red-600' : 'border-slate-400'
                }`}
              />
              {message ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <ModalCancelButton onCancel={onCancel} busy={busy} />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            {busy ? 'Salvando...' : mode === 'create' ? 'Crea' : 'Salva modifiche'}
          </button>
        </div>
      </form>
    </AdminModal>
  );
}

'use client';
/**
 * The generic form (docs/product.md#states, #validation): renders a form schema, checks each field
 * as it is edited and every field on submit, and hands valid values to an async handler.
 *
 * Read-only fields are left out entirely: not rendered, not checked and not in the values the
 * handler receives, so a caller keeps such data on its side rather than trusting the form.
 */
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type FormEvent,
  type Ref,
} from 'react';
import {
  editableFields,
  isRequired,
  type FieldErrors,
  type FormSchema,
  type FormValue,
  type FormValues,
} from '@/lib/forms/form-schema';
import { initialValues } from '@/lib/forms/initial-values';
import { validateField } from '@/lib/forms/validate-field';
import { validateForm } from '@/lib/forms/validate-form';
import { SchemaField } from './schema-field';

/** What a page can ask of the form from outside. */
export interface SchemaFormHandle {
  /** Scrolls the field into view and puts the keyboard focus on it. */
  focusField(name: string): void;
}

/** A handler may report field errors it found (e.g. from the server) to show under the fields. */
export type SchemaFormOutcome = { errors?: FieldErrors } | undefined;

export interface SchemaFormProps {
  schema: FormSchema;
  /** Starting values; a field without one starts at its default, then empty. */
  data?: Readonly<Partial<FormValues>>;
  onSubmit: (values: FormValues) => Promise<void> | Promise<SchemaFormOutcome> | SchemaFormOutcome;
  submitLabel?: string;
  submittingLabel?: string;
  resetLabel?: string;
  ref?: Ref<SchemaFormHandle>;
}

const firstInvalid = (schema: FormSchema, errors: FieldErrors) =>
  editableFields(schema).find(([name]) => errors[name])?.[0];

export function SchemaForm({
  schema,
  data,
  onSubmit,
  submitLabel = 'Submit',
  submittingLabel = 'submitting...',
  resetLabel = 'Reset',
  ref,
}: SchemaFormProps) {
  const baseId = useId();
  const fieldId = (name: string) => `${baseId}-field-${name}`;
  const [values, setValues] = useState<FormValues>(() => initialValues(schema, data));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // Focus moves after the render that shows the errors, so the field is announced with them.
  const pendingFocus = useRef<string | null>(null);

  const focusField = (name: string) => {
    const element = document.getElementById(fieldId(name));
    if (!element) return;
    // An instant jump: a smooth scroll can be cut short (a touch, a layout change on a slow
    // phone) and leave the focused field off screen.
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  };

  useImperativeHandle(ref, () => ({ focusField }));

  useEffect(() => {
    if (!pendingFocus.current) return;
    focusField(pendingFocus.current);
    pendingFocus.current = null;
  });

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    pendingFocus.current = firstInvalid(schema, found) ?? null;
  };

  const change = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    const field = schema.properties[name];
    if (!field) return;
    const message = validateField(name, field, value, isRequired(schema, name));
    setErrors(({ [name]: _previous, ...others }) =>
      message ? { ...others, [name]: message } : others,
    );
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateForm(schema, values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setSubmitting(true);
    try {
      const outcome = await onSubmit(values);
      if (outcome?.errors && Object.keys(outcome.errors).length > 0) showErrors(outcome.errors);
    } catch (error) {
      // Spec §8: a failing handler is only logged; the visitor keeps what they typed.
      console.error('Form submission failed', error);
    } finally {
      setSubmitting(false);
    }
  }

  function reset() {
    setValues(initialValues(schema, data));
    setErrors({});
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={schema.title}
      aria-busy={submitting}
      className="space-y-5"
    >
      {schema.description ? <p className="text-sm text-slate-600">{schema.description}</p> : null}
      {editableFields(schema).map(([name, field]) => (
        <SchemaField
          key={name}
          id={fieldId(name)}
          name={name}
          field={field}
          required={isRequired(schema, name)}
          value={values[name] ?? null}
          error={errors[name]}
          onChange={(value) => change(name, value)}
        />
      ))}
      <div className="flex flex-col gap-3 pt-2 sm:flex-row">
        <button
          type="submit"
          disabled={submitting}
          className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {submitting ? submittingLabel : submitLabel}
        </button>
        <button
          type="button"
          onClick={reset}
          disabled={submitting}
          className="rounded-lg border border-slate-400 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {resetLabel}
        </button>
      </div>
    </form>
  );
}

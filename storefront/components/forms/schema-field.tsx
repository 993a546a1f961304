'use client';
/**
 * One field of the generic form, chosen by its schema (docs/product.md#validation, field
 * rendering). The label, the description and the error are tied to the control, so screen readers
 * announce them.
 */
import type { ReactNode } from 'react';
import { fieldTitle, type FieldSchema, type FormValue } from '@/lib/forms/form-schema';

export interface SchemaFieldProps {
  /** The control's id; the description and error ids are derived from it. */
  id: string;
  name: string;
  field: FieldSchema;
  required: boolean;
  value: FormValue;
  error?: string;
  onChange: (value: FormValue) => void;
}

const controlClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-emerald-600 ${
    invalid ? 'border-red-700' : 'border-slate-400'
  }`;

const checkboxClass = 'h-5 w-5 shrink-0 rounded border-slate-400 accent-emerald-700';

/** Shown to sighted readers only: the control itself says it is required. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/** The form's id convention: `${id}` for the control, then these for its texts. */
export const descriptionId = (id: string) => `${id}-description`;
export const errorId = (id: string) => `${id}-error`;

type Kind =
  'checkbox' | 'checkboxes' | 'email' | 'date' | 'textarea' | 'select' | 'text' | 'number';

function kindOf(field: FieldSchema): Kind | null {
  switch (field.type) {
    case 'boolean':
      return 'checkbox';
    case 'array':
      return 'checkboxes';
    case 'number':
    case 'integer':
      return 'number';
    case 'string':
      if (field.format === 'email') return 'email';
      if (field.format === 'date' || field.format === 'date-time') return 'date';
      if (field.format === 'textarea' || field.multiline) return 'textarea';
      if (field.enum) return 'select';
      return 'text';
    default:
      return null;
  }
}

const optionLabel = (field: FieldSchema, index: number, option: string) =>
  field.enumNames?.[index] ?? option;

// A date input shows only YYYY-MM-DD, so a date-time default is shown by its day.
const dateInputValue = (value: FormValue) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;

export function SchemaField({
  id,
  name,
  field,
  required,
  value,
  error,
  onChange,
}: SchemaFieldProps) {
  const kind = kindOf(field);
  const title = fieldTitle(name, field);
  if (!kind) {
    return (
      <p id={id} className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        unsupported field type: {field.type}
      </p>
    );
  }

  const describedBy =
    [field.description ? descriptionId(id) : null, error ? errorId(id) : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const a11y = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const texts: ReactNode = (
    <>
      {field.description ? (
        <p id={descriptionId(id)} className="mt-1 text-sm text-slate-600">
          {field.description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );

  if (kind === 'checkbox') {
    return (
      <div>
        <div className="flex items-center gap-3">
          <input
            id={id}
            name={name}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className={checkboxClass}
            {...a11y}
          />
          <label htmlFor={id} className="font-medium">
            {title}
            {required ? <RequiredMark /> : null}
          </label>
        </div>
        {texts}
      </div>
    );
  }

  if (kind === 'checkboxes') {
    const chosen = Array.isArray(value) ? (value as readonly string[]) : [];
    const toggle = (option: string, checked: boolean) =>
      onChange(
        // Kept in the schema's order, whatever order the boxes were ticked in.
        (field.enum ?? []).filter((item) => (item === option ? checked : chosen.includes(item))),
      );
    return (
      <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend className="font-medium">
          {title}
          {required ? (
            <>
              <RequiredMark />
              <span className="sr-only"> (required)</span>
            </>
          ) : null}
        </legend>
        {texts}
        <div className="mt-2 space-y-2">
          {(field.enum ?? []).map((option, index) => {
            const optionId = index === 0 ? id : `${id}-${index}`;
            return (
              <div key={option} className="flex items-center gap-3">
                <input
                  id={optionId}
                  name={name}
                  type="checkbox"
                  value={option}
                  checked={chosen.includes(option)}
                  onChange={(event) => toggle(option, event.target.checked)}
                  className={checkboxClass}
                />
                <label htmlFor={optionId}>{optionLabel(field, index, option)}</label>
              </div>
            );
          })}
        </div>
      </fieldset>
    );
  }

  const label = (
    <label htmlFor={id} className="block font-medium">
      {title}
      {required ? <RequiredMark /> : null}
    </label>
  );
  const common = {
    id,
    name,
    required,
    'aria-required': required || undefined,
    className: controlClass(Boolean(error)),
    ...a11y,
  };
  const placeholder = kind === 'email' ? 'Enter email address' : `Enter ${title}`;
  const text = typeof value === 'string' ? value : '';

  let control: ReactNode;
  if (kind === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={field.rows ?? 4}
        cols={field.cols}
        placeholder={placeholder}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else if (kind === 'select') {
    control = (
      <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
        <option value="">Select {title}</option>
        {(field.enum ?? []).map((option, index) => (
          <option key={option} value={option}>
            {optionLabel(field, index, option)}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'number') {
    control = (
      <input
        {...common}
        type="number"
        inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
        step={field.type === 'integer' ? 1 : 'any'}
        min={field.minimum}
        max={field.maximum}
        placeholder={placeholder}
        value={typeof value === 'number' ? value : ''}
        // An empty box is no number; anything else the browser accepted is one.
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
      />
    );
  } else {
    const inputType = kind === 'email' ? 'email' : kind === 'date' ? 'date' : 'text';
    control = (
      <input
        {...common}
        type={inputType}
        autoComplete={kind === 'email' ? 'email' : undefined}
        placeholder={placeholder}
        value={kind === 'date' ? String(dateInputValue(text)) : text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return (
    <div>
      {label}
      {control}
      {texts}
    </div>
  );
}

'use client';
/**
 * A verified buyer's review (docs/product.md#keeping-in-touch): a rating as five radio buttons
 * (keyboard: the arrows), the review with a count of its characters, an optional first name and
 * child's age, and the consent to publish. The form checks what it can before sending; the
 * shop's refusal is shown as it says it, and a success replaces the form.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@aba-shop/contract/constants';
import { CHILD_AGES } from '@aba-shop/contract/contact-choices';
import { sendReview } from '@/lib/commerce/api/keeping-in-touch';
import { reviewRefusalOf, type ReviewField } from './review-refusal';
import { REVIEW_TEXTS, type ReviewLanguage } from './review-texts';

/** What is wrong, under the field it is about, or for the whole form. */
type Problem = { field: ReviewField | 'form'; text: string } | null;

export function ReviewForm({ token, language }: { token: string; language: ReviewLanguage }) {
  const words = REVIEW_TEXTS[language];
  const id = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [thanks, setThanks] = useState('');
  const ratingField = useRef<HTMLInputElement>(null);
  const textField = useRef<HTMLTextAreaElement>(null);
  const consentField = useRef<HTMLInputElement>(null);
  const firstNameField = useRef<HTMLInputElement>(null);
  const childAgeField = useRef<HTMLSelectElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  function refuse(field: NonNullable<Problem>['field'], message: string) {
    setProblem({ field, text: message });
    if (field === 'rating') ratingField.current?.focus();
    if (field === 'text') textField.current?.focus();
    if (field === 'consent') consentField.current?.focus();
    if (field === 'firstName') firstNameField.current?.focus();
    if (field === 'childAge') childAgeField.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (rating < 1) return refuse('rating', words.ratingNeeded);
    if (text.trim().length < REVIEW_TEXT_MIN)
      return refuse('text', words.textNeeded(REVIEW_TEXT_MIN));
    if (data.get('consent') !== 'yes') return refuse('consent', words.consentNeeded);
    setSending(true);
    setProblem(null);
    try {
      const answer = await sendReview({
        token,
        rating,
        text: text.trim(),
        firstName: String(data.get('firstName') ?? '').trim(),
        childAge: String(data.get('childAge') ?? ''),
      });
      setThanks(answer.message);
      requestAnimationFrame(() => thanksHeading.current?.focus());
    } catch (error) {
      const refusal = reviewRefusalOf(error, language);
      refuse(refusal.field ?? 'form', refusal.text);
    } finally {
      setSending(false);
    }
  }

  if (thanks)
    return (
      <div role="status" className="rounded-xl bg-emerald-50 p-6 text-center">
        <h2
          ref={thanksHeading}
          tabIndex={-1}
          className="text-2xl font-bold text-emerald-900 focus:outline-none"
        >
          {words.thanks}
        </h2>
        <p className="mt-2 text-slate-700">{thanks}</p>
      </div>
    );

  const errorOf = (field: NonNullable<Problem>['field']) =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-semibold text-red-700">
        {problem.text}
      </p>
    ) : null;
  const describedBy = (field: NonNullable<Problem>['field']) =>
    problem?.field === field ? `${id}-${field}-error` : undefined;
  const invalid = (field: ReviewField) => problem?.field === field || undefined;
  const input =
    'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-emerald-500';

  return (
    <form onSubmit={submit} noValidate lang={language} className="space-y-6 text-left">
      <fieldset aria-describedby={describedBy('rating')}>
        <legend className="font-semibold text-slate-900">{words.rating}</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="relative cursor-pointer">
              {/* The radio lies over its star, unseen: a tap on the star is a tap on it. */}
              <input
                ref={stars === 1 ? ratingField : undefined}
                type="radio"
                name="rating"
                required
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
                aria-label={words.stars(stars)}
              />
              <span
                aria-hidden="true"
                className={`block rounded px-1 text-4xl leading-none peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-600 ${
                  stars <= rating ? 'text-amber-500' : 'text-slate-300'
                }`}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        {errorOf('rating')}
      </fieldset>

      <div>
        <label htmlFor={`${id}-text`} className="font-semibold text-slate-900">
          {words.review}
        </label>
        <textarea
          ref={textField}
          id={`${id}-text`}
          name="text"
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          required
          aria-invalid={invalid('text')}
          aria-describedby={[`${id}-count`, describedBy('text')].filter(Boolean).join(' ')}
          className={input}
        />
        <p id={`${id}-count`} className="mt-1 text-sm text-slate-600">
          {words.count(text.length, REVIEW_TEXT_MAX)}
        </p>
        {errorOf('text')}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-first-name`} className="font-semibold text-slate-900">
            {words.firstName}
          </label>
          <input
            ref={firstNameField}
            id={`${id}-first-name`}
            name="firstName"
            type="text"
            autoComplete="given-name"
            maxLength={40}
            aria-invalid={invalid('firstName')}
            aria-describedby={describedBy('firstName')}
            className={input}
          />
          {errorOf('firstName')}
        </div>
        <div>
          <label htmlFor={`${id}-child-age`} className="font-semibold text-slate-900">
            {words.childAge}
          </label>
          <select
            ref={childAgeField}
            id={`${id}-child-age`}
            name="childAge"
            defaultValue=""
            aria-invalid={invalid('childAge')}
            aria-describedby={describedBy('childAge')}
            className={input}
          >
            <option value="">—</option>
            {CHILD_AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
          {errorOf('childAge')}
        </div>
      </div>

      <div>
        <label className="flex items-start gap-2 text-slate-800">
          <input
            ref={consentField}
            name="consent"
            type="checkbox"
            value="yes"
            required
            aria-invalid={invalid('consent')}
            aria-describedby={describedBy('consent')}
            className="mt-1 h-4 w-4 shrink-0"
          />
          <span>{words.consent}</span>
        </label>
        {errorOf('consent')}
      </div>

      <div role="status">{errorOf('form')}</div>

      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60 sm:w-auto"
      >
        {sending ? words.sending : words.send}
      </button>
    </form>
  );
}

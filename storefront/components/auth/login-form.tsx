'use client';
/**
 * The login page (docs/product.md#login, #states, #validation, #error-catalogue), in Italian:
 * Google in a popup, or a 6-digit code sent by e-mail. After a sign-in it waits 1 second, then
 * returns to where the visitor came from.
 */
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  completeGoogleSignIn,
  fetchGoogleRedirectUrl,
  sendOtp,
  verifyOtp,
} from '@/lib/commerce/api/sign-in';
import { CommerceError } from '@/lib/commerce/client';
import { waitForPopupResult } from '@/lib/auth/popup';
import { referrerPath, safeRedirectPath } from '@/lib/auth/redirect';
import { SignInPanel } from './sign-in-panel';
import { useSession } from './use-session';

export const LOGIN_REDIRECT_DELAY_MS = 1000;
const OTP_LENGTH = 6;
const GOOGLE_SIGN_IN_FAILED = 'Errore durante il login con Google';

type Step = 'email' | 'code';

/** A step's submit button, which waits while a call runs. */
function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-lg bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
    >
      {children}
    </button>
  );
}

export function LoginForm() {
  const router = useRouter();
  const searchParams = useSearchParams();
  const { refresh } = useSession();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signedIn = async () => {
    await refresh();
    setError(null);
    setNotice('Login effettuato con successo!');
    const target = safeRedirectPath(
      searchParams.get('redirect') ?? referrerPath(document.referrer, window.location.origin),
    );
    window.setTimeout(() => router.push(target), LOGIN_REDIRECT_DELAY_MS);
  };

  // The provider's own message is preferred; the fallback otherwise
  // (docs/product.md#error-catalogue).
  const messageOf = (caught: unknown, fallback: string) =>
    (caught instanceof CommerceError ? caught.serverMessage : null) ?? fallback;

  /** Runs a code step's call, the form waiting; a failure shows the service's words or `fallback`. */
  async function attempt(call: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(messageOf(caught, fallback));
    } finally {
      setBusy(false);
    }
  }

  async function onSendCode(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError('Inserisci un indirizzo email valido');
    await attempt(async () => {
      await sendOtp(email.trim());
      setStep('code');
      setNotice('Codice OTP inviato alla tua email!');
    }, "Errore nell'invio del codice OTP");
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!otp.trim()) return setError('Inserisci il codice OTP ricevuto via email');
    await attempt(async () => {
      await verifyOtp(email.trim(), otp.trim());
      await signedIn();
    }, 'Codice OTP non valido');
  }

  async function onGoogle() {
    setBusy(true);
    setError(null);
    try {
      const url = await fetchGoogleRedirectUrl(window.location.origin);
      const result = await waitForPopupResult(url);
      if (result.error || !result.code || !result.state) {
        console.error(result.errorDescription || result.error || 'OAuth authorization failed');
        setError(GOOGLE_SIGN_IN_FAILED);
        return;
      }
      await completeGoogleSignIn(result.code, result.state);
      await signedIn();
    } catch (caught) {
      // Logged only, unless the service refused with words of its own, which the page shows.
      if (!(caught instanceof CommerceError && caught.kind === 'refused')) console.error(caught);
      setError(messageOf(caught, GOOGLE_SIGN_IN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function backToEmail() {
    setStep('email');
    setOtp('');
    setError(null);
    setNotice(null);
  }

  return (
    <SignInPanel title="Accedi al tuo account" notice={notice} error={error}>
      <button
        type="button"
        onClick={onGoogle}
        disabled={busy}
        className="mt-6 w-full rounded-lg border border-slate-300 px-4 py-3 font-semibold hover:bg-slate-50 disabled:opacity-60"
      >
        Continua con Google
      </button>

      <div className="my-6 flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        oppure
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      {step === 'email' ? (
        <form onSubmit={onSendCode} noValidate className="space-y-4">
          <div>
            <label htmlFor="login-email" className="block text-sm font-medium">
              Email
            </label>
            <input
              id="login-email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-3"
            />
          </div>
          <SubmitButton busy={busy}>{busy ? 'Invio in corso...' : 'Invia codice'}</SubmitButton>
        </form>
      ) : (
        <form onSubmit={onVerify} noValidate className="space-y-4">
          <div>
            <label htmlFor="login-otp" className="block text-sm font-medium">
              Codice OTP
            </label>
            <input
              id="login-otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={OTP_LENGTH}
              placeholder="000000"
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
              className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-3 text-center text-2xl tracking-[0.5em]"
            />
            <p className="mt-1 text-sm text-slate-600">Inviato a {email}</p>
          </div>
          <SubmitButton busy={busy}>
            {busy ? 'Verifica in corso...' : 'Verifica e Accedi'}
          </SubmitButton>
          <button
            type="button"
            onClick={backToEmail}
            className="w-full text-sm font-medium text-slate-700 hover:underline"
          >
            ← Torna indietro
          </button>
        </form>
      )}

      <p className="mt-6 text-center text-sm text-slate-600">
        Non hai un account? Il login creerà automaticamente il tuo profilo.
      </p>
    </SignInPanel>
  );
}

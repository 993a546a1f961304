'use client';
/**
 * Lets parts of the contact page that sit apart from the form (the FAQ's 'Ask Your Question')
 * bring the visitor to it: back from the success view if needed, then to the subject field.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';

type ContactView = 'form' | 'sent';

interface ContactFormState {
  view: ContactView;
  setView: (view: ContactView) => void;
  /** Bumped on each request to focus the subject; the form answers after its next render. */
  subjectFocusRequest: number;
  askQuestion: () => void;
}

const ContactFormContext = createContext<ContactFormState | null>(null);

export function ContactFormProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<ContactView>('form');
  const [subjectFocusRequest, setSubjectFocusRequest] = useState(0);
  const askQuestion = () => {
    setView('form');
    setSubjectFocusRequest((count) => count + 1);
  };
  return (
    <ContactFormContext value={{ view, setView, subjectFocusRequest, askQuestion }}>
      {children}
    </ContactFormContext>
  );
}

export function useContactForm(): ContactFormState {
  const state = useContext(ContactFormContext);
  if (!state) throw new Error('useContactForm is used outside ContactFormProvider');
  return state;
}

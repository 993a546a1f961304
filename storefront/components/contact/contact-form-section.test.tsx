import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { contactFormSchema } from '@/lib/forms/contact-form-schema';
import { submitContactForm } from '@/lib/forms/submit-contact-form';
import { AskQuestionButton } from './ask-question-button';
import { ContactFormProvider } from './contact-form-context';
import { CONTACT_FAILURE_ALERT, ContactFormSection } from './contact-form-section';

jest.mock('@/lib/forms/submit-contact-form', () => ({ submitContactForm: jest.fn() }));
const submit = jest.mocked(submitContactForm);

function renderPage() {
  render(
    <ContactFormProvider>
      <ContactFormSection schema={contactFormSchema} />
      <AskQuestionButton />
    </ContactFormProvider>,
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const subject = () => screen.getByRole('combobox', { name: 'Subject' });

function fillValid() {
  fireEvent.change(textbox('Name'), { target: { value: 'Maria Lopez' } });
  fireEvent.change(textbox('Email'), { target: { value: 'maria@example.com' } });
  fireEvent.change(subject(), { target: { value: 'Technical Issue' } });
  fireEvent.change(textbox('Message'), { target: { value: 'The download link has expired.' } });
}

let alert: jest.SpyInstance;
beforeEach(() => {
  submit.mockReset();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alert.mockRestore());

describe('ContactFormSection', () => {
  it('shows the success view after a sent message, and an empty form after Send Another Message', async () => {
    submit.mockResolvedValue({ sent: true, message: 'Thank you! We reply within 24 hours.' });
    renderPage();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const heading = await screen.findByRole('heading', { name: 'Message Sent Successfully!' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Thank you! We reply within 24 hours.')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Maria Lopez', subject: 'Technical Issue' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(textbox('Name')).toHaveValue('');
    expect(textbox('Message')).toHaveValue('');
    expect(subject()).toHaveValue('');
    expect(textbox('Name')).toHaveFocus();
  });

  it('alerts on a failure and keeps the form with its data, showing the server’s field errors', async () => {
    submit.mockResolvedValue({ sent: false, errors: { email: 'Email is not a valid email' } });
    renderPage();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(CONTACT_FAILURE_ALERT));
    expect(CONTACT_FAILURE_ALERT).toBe(
      'There was an error submitting your message. Please try again.',
    );
    expect(await screen.findByText('Email is not a valid email')).toBeInTheDocument();
    expect(textbox('Name')).toHaveValue('Maria Lopez');
    expect(screen.queryByText('Message Sent Successfully!')).not.toBeInTheDocument();
  });

  it('does not send a form with errors', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('focuses the subject on Ask Your Question, from the success view too', async () => {
    submit.mockResolvedValue({ sent: true, message: 'Thanks' });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Ask Your Question' }));
    expect(subject()).toHaveFocus();

    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('heading', { name: 'Message Sent Successfully!' });
    fireEvent.click(screen.getByRole('button', { name: 'Ask Your Question' }));
    expect(subject()).toHaveFocus();
  });
});

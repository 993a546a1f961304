import { act, createRef } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormSchema } from '@/lib/forms/form-schema';
import { SchemaForm, type SchemaFormHandle } from './schema-form';

const everyType: FormSchema = {
  title: 'Every field',
  properties: {
    newsletter: { type: 'boolean', title: 'Newsletter' },
    topics: {
      type: 'array',
      title: 'Topics',
      enum: ['sleep', 'speech'],
      enumNames: ['Sleep routines', 'Speech and language'],
    },
    email: { type: 'string', title: 'Email', format: 'email' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    visit: { type: 'string', title: 'Visit', format: 'date-time' },
    story: { type: 'string', title: 'Story', format: 'textarea' },
    notes: { type: 'string', title: 'Notes', multiline: true, rows: 7, cols: 30 },
    country: {
      type: 'string',
      title: 'Country',
      enum: ['it', 'us'],
      enumNames: ['Italy', 'United States'],
    },
    city: { type: 'string', title: 'City' },
    nickname: { type: 'string' },
    weight: { type: 'number', title: 'Weight' },
    age: { type: 'integer', title: 'Age' },
    profile: { type: 'object', title: 'Profile' },
    recordId: { type: 'string', title: 'Record id', readOnly: true, default: 'r-1' },
  },
};

const contactLike: FormSchema = {
  title: 'Message us',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 2, default: 4 },
    note: { type: 'string', title: 'Note' },
  },
  required: ['name', 'email'],
};

const field = (name: string) => screen.getByRole('textbox', { name });

describe('SchemaForm field rendering', () => {
  beforeEach(() => {
    render(<SchemaForm schema={everyType} onSubmit={jest.fn()} />);
  });

  it('renders a boolean as a checkbox', () => {
    expect(screen.getByRole('checkbox', { name: 'Newsletter' })).not.toBeChecked();
  });

  it('renders an array as a checkbox group labelled by enumNames', () => {
    const group = screen.getByRole('group', { name: 'Topics' });
    expect(group).toContainElement(screen.getByRole('checkbox', { name: 'Sleep routines' }));
    expect(group).toContainElement(screen.getByRole('checkbox', { name: 'Speech and language' }));
  });

  it('renders an email field as an email input with its own placeholder', () => {
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Email')).toHaveAttribute('placeholder', 'Enter email address');
  });

  it.each(['Birthday', 'Visit'])('renders %s (date or date-time) as a date input', (label) => {
    expect(screen.getByLabelText(label)).toHaveAttribute('type', 'date');
  });

  it('renders format textarea as a multi-line box of 4 rows by default', () => {
    const story = field('Story');
    expect(story.tagName).toBe('TEXTAREA');
    expect(story).toHaveAttribute('rows', '4');
  });

  it('renders multiline text as a multi-line box with its rows and cols', () => {
    const notes = field('Notes');
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveAttribute('rows', '7');
    expect(notes).toHaveAttribute('cols', '30');
  });

  it('renders a string with enum as a dropdown labelled by enumNames', () => {
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(Array.from((country as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'Select Country',
      'Italy',
      'United States',
    ]);
    expect(screen.getByRole('option', { name: 'Italy' })).toHaveValue('it');
  });

  it('renders other strings as text inputs with the placeholder Enter {title}', () => {
    expect(field('City')).toHaveAttribute('type', 'text');
    expect(field('City')).toHaveAttribute('placeholder', 'Enter City');
  });

  it('uses the name when a field has no title', () => {
    expect(field('nickname')).toHaveAttribute('placeholder', 'Enter nickname');
  });

  it('renders numbers with step any and integers with step 1', () => {
    expect(screen.getByRole('spinbutton', { name: 'Weight' })).toHaveAttribute('step', 'any');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAttribute('step', '1');
  });

  it('says a field type it does not support is unsupported', () => {
    expect(screen.getByText('unsupported field type: object')).toBeInTheDocument();
  });

  it('leaves read-only fields out', () => {
    expect(screen.queryByLabelText('Record id')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('r-1')).not.toBeInTheDocument();
  });
});

describe('SchemaForm required fields', () => {
  it('marks them with an asterisk hidden from screen readers, and as required for them', () => {
    render(<SchemaForm schema={contactLike} onSubmit={jest.fn()} />);
    const name = field('Name');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('aria-required', 'true');
    const label = document.querySelector(`label[for="${name.id}"]`);
    const star = label?.querySelector('[aria-hidden="true"]');
    expect(star).toHaveTextContent('*');
    expect(star).toHaveClass('text-red-700');
    expect(field('Note')).not.toBeRequired();
    expect(document.querySelector(`label[for="${field('Note').id}"]`)).not.toHaveTextContent('*');
  });
});

describe('SchemaForm validation', () => {
  it('revalidates a field on each edit and ties the message to it', () => {
    render(<SchemaForm schema={contactLike} onSubmit={jest.fn()} />);
    const name = field('Name');
    fireEvent.change(name, { target: { value: 'M' } });
    expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(name, { target: { value: 'Mo' } });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
  });

  it('checks only the edited field', () => {
    render(<SchemaForm schema={contactLike} onSubmit={jest.fn()} />);
    fireEvent.change(field('Email'), { target: { value: 'maria' } });
    expect(screen.getByText('Email is not a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('shows every message on submit, focuses the first invalid field and does not call the handler', () => {
    const onSubmit = jest.fn();
    render(<SchemaForm schema={contactLike} onSubmit={onSubmit} />);
    fireEvent.change(field('Email'), { target: { value: 'maria@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    expect(field('Email')).toHaveAccessibleDescription('Email is not a valid email');
    expect(field('Name')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a number outside its range on edit', () => {
    render(<SchemaForm schema={contactLike} onSubmit={jest.fn()} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Age' }), { target: { value: '1' } });
    expect(screen.getByText('Age cannot be less than 2')).toBeInTheDocument();
  });
});

describe('SchemaForm submitting', () => {
  const fillValid = () => {
    fireEvent.change(field('Name'), { target: { value: 'Maria' } });
    fireEvent.change(field('Email'), { target: { value: 'maria@example.com' } });
  };

  it('hands the valid values, numbers as numbers and without read-only fields, to the handler', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(
      <SchemaForm
        schema={{
          ...contactLike,
          properties: { ...contactLike.properties, id: { type: 'string', readOnly: true } },
        }}
        data={{ id: 'r-9', note: 'Hi' }}
        onSubmit={onSubmit}
      />,
    );
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Maria',
      email: 'maria@example.com',
      age: 4,
      note: 'Hi',
    });
  });

  it('shows the submitting state until the handler finishes', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <SchemaForm
        schema={contactLike}
        onSubmit={onSubmit}
        submitLabel="Send Message"
        submittingLabel="submitting..."
      />,
    );
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const busy = await screen.findByRole('button', { name: 'submitting...' });
    expect(busy).toBeDisabled();
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('only logs a handler that throws, and keeps what was typed', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSubmit = jest.fn().mockRejectedValue(new Error('offline'));
    render(<SchemaForm schema={contactLike} onSubmit={onSubmit} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Form submission failed', expect.any(Error)),
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(field('Name')).toHaveValue('Maria');
    error.mockRestore();
  });

  it('shows field errors that the handler reports', async () => {
    const onSubmit = jest
      .fn()
      .mockResolvedValue({ errors: { email: 'Email is already on our list' } });
    render(<SchemaForm schema={contactLike} onSubmit={onSubmit} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription('Email is already on our list'),
    );
    expect(field('Email')).toHaveFocus();
  });
});

describe('SchemaForm reset and focus', () => {
  it('restores the starting values and clears the messages on reset', () => {
    render(<SchemaForm schema={contactLike} data={{ note: 'Hi' }} onSubmit={jest.fn()} />);
    fireEvent.change(field('Note'), { target: { value: 'Changed' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Age' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Age cannot be less than 2')).not.toBeInTheDocument();
    expect(field('Note')).toHaveValue('Hi');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveValue(4);
  });

  it('lets the page focus a field by name', () => {
    const ref = createRef<SchemaFormHandle>();
    render(<SchemaForm ref={ref} schema={contactLike} onSubmit={jest.fn()} />);
    act(() => ref.current?.focusField('email'));
    expect(field('Email')).toHaveFocus();
  });
});

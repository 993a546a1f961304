import { fireEvent, render, screen } from '@testing-library/react';
import { FaqAccordion } from './faq-accordion';

const items = [
  { question: 'Who is it for?', answer: 'Parents and caregivers.' },
  { question: 'What formats?', answer: 'PDF and MP3.' },
  { question: 'How soon?', answer: 'Two to four weeks.' },
];

const question = (name: string) => screen.getByRole('button', { name });

describe('FaqAccordion', () => {
  it('starts with every answer closed', () => {
    render(<FaqAccordion items={items} />);
    for (const item of items)
      expect(question(item.question)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Parents and caregivers.')).not.toBeVisible();
  });

  it('opens the chosen answer', () => {
    render(<FaqAccordion items={items} />);
    fireEvent.click(question('What formats?'));
    expect(question('What formats?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('PDF and MP3.')).toBeVisible();
  });

  it('keeps at most one answer open', () => {
    render(<FaqAccordion items={items} />);
    fireEvent.click(question('Who is it for?'));
    fireEvent.click(question('How soon?'));
    expect(question('Who is it for?')).toHaveAttribute('aria-expanded', 'false');
    expect(question('How soon?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes the open answer when its question is chosen again', () => {
    render(<FaqAccordion items={items} />);
    fireEvent.click(question('Who is it for?'));
    fireEvent.click(question('Who is it for?'));
    expect(question('Who is it for?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('ties each answer to its question for screen readers', () => {
    render(<FaqAccordion items={items} />);
    fireEvent.click(question('What formats?'));
    const region = screen.getByRole('region', { name: 'What formats?' });
    expect(question('What formats?')).toHaveAttribute('aria-controls', region.id);
  });
});

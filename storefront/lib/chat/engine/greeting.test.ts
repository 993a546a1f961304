import { greetingOnly, holdsGreeting } from './greeting';

describe('holdsGreeting', () => {
  it('finds a greeting anywhere, as a whole word', () => {
    const greeted = ['hi', 'Hi, what does it cost?', 'HEY', 'good   morning', 'good-evening'];
    expect(greeted.filter((message) => !holdsGreeting(message))).toEqual([]);
  });

  it('finds none in other words, nor in thanks', () => {
    const others = ['Is this for my child?', 'Which one should I choose?', 'thanks'];
    expect(others.filter(holdsGreeting)).toEqual([]);
  });
});

describe('greetingOnly', () => {
  it('reads a message of nothing but hello, or a nod, as a greeting', () => {
    const messages = ['hello!', 'Hi there', 'good morning everyone', 'ok'];
    expect(messages.map(greetingOnly)).toEqual(messages.map(() => 'greeting'));
  });

  it('reads a message of nothing but thank you as thanks', () => {
    const messages = ['thanks so much', 'Thank you very much!', 'cheers'];
    expect(messages.map(greetingOnly)).toEqual(messages.map(() => 'thanks'));
  });

  it('leaves a message that asks anything to be answered', () => {
    const messages = ['Hi, what does it cost?', 'thanks, and the audiobook?', 'this child'];
    expect(messages.map(greetingOnly)).toEqual(messages.map(() => null));
  });
});

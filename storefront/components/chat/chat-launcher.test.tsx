import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SEEDED_CANNED_REPLIES as CANNED_REPLIES,
  SEEDED_CHAT_CATALOGUE,
} from '@/test-support/catalogue';
import { OPEN_CHAT_EVENT } from '@/lib/chat/client/open-chat-event';
import { WELCOME_MESSAGE } from './chat-dialog';
import { ChatLauncher } from './chat-launcher';

/** A reply the test releases when it chooses, to look at the chat while it waits. */
function deferredReply() {
  let release: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { response, release };
}

const jsonResponse = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(async () =>
    jsonResponse({ reply: 'A reply from the server.', source: 'model' }),
  );
  global.fetch = fetchMock;
});

async function openChat() {
  const user = userEvent.setup();
  render(<ChatLauncher catalogue={SEEDED_CHAT_CATALOGUE} />);
  await user.click(screen.getByRole('button', { name: 'Open chat assistant' }));
  const dialog = await screen.findByRole('dialog', { name: 'ABA Specialist Assistant' });
  const input = within(dialog).getByRole('textbox', { name: 'Your message' });
  const send = within(dialog).getByRole('button', { name: 'Send message' });
  return { user, dialog, input, send };
}

const sentMessages = () =>
  fetchMock.mock.calls.map(([, init]: [string, RequestInit]) => JSON.parse(String(init.body)));

describe('ChatLauncher', () => {
  it('shows only the round button until it is opened', () => {
    render(<ChatLauncher catalogue={SEEDED_CHAT_CATALOGUE} />);
    expect(screen.getByRole('button', { name: 'Open chat assistant' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a modal dialog with the welcome message and the focus in the message box', async () => {
    const { dialog, input } = await openChat();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(input).toHaveAttribute('placeholder', 'Ask me anything about ABA...');
    expect(input).toHaveFocus();
    const log = within(dialog).getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(log).toHaveTextContent(WELCOME_MESSAGE);
    expect(within(log).getAllByText(/./, { selector: 'p' })).toHaveLength(1);
  });

  it('closes with the X and gives the focus back to the launcher', async () => {
    const { user, dialog } = await openChat();
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open chat assistant' })).toHaveFocus();
  });

  it('closes with Esc and gives the focus back to the launcher', async () => {
    const { user } = await openChat();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open chat assistant' })).toHaveFocus();
  });

  it('sends the message on Enter, clears the box and shows the reply', async () => {
    const { user, dialog, input } = await openChat();
    await user.type(input, 'How much does it cost?{Enter}');
    expect(input).toHaveValue('');
    expect(sentMessages()).toEqual([{ message: 'How much does it cost?' }]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/chat',
      expect.objectContaining({ method: 'POST' }),
    );
    const log = within(dialog).getByRole('log');
    expect(await within(log).findByText('A reply from the server.')).toBeVisible();
    expect(within(log).getByText('How much does it cost?')).toBeVisible();
  });

  it('does not send on Shift+Enter, which starts a new line', async () => {
    const { user, input } = await openChat();
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('First line\nsecond line');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not send an empty or whitespace message, and disables the button for it', async () => {
    const { user, input, send } = await openChat();
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input, 'Hi');
    expect(send).toBeEnabled();
  });

  it("disables the box and the button and shows 'Typing...' while the reply is on its way", async () => {
    const pending = deferredReply();
    fetchMock.mockReturnValueOnce(pending.response);
    const { user, dialog, input, send } = await openChat();
    await user.type(input, 'What is ABA?');
    await user.click(send);
    expect(within(dialog).getByText('Typing...')).toBeVisible();
    expect(input).toBeDisabled();
    expect(send).toBeDisabled();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await act(async () =>
      pending.release(jsonResponse({ reply: 'ABA is a science of learning.' })),
    );
    expect(await within(dialog).findByText('ABA is a science of learning.')).toBeVisible();
    expect(within(dialog).queryByText('Typing...')).not.toBeInTheDocument();
    expect(input).toBeEnabled();
    expect(input).toHaveFocus();
  });

  it('answers with the canned reply, and logs, when the request fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user, dialog, input } = await openChat();
    await user.type(input, 'How much does it cost?{Enter}');
    expect(await within(dialog).findByText(CANNED_REPLIES.price)).toBeVisible();
    expect(error).toHaveBeenCalledWith('Chatbot error', expect.any(TypeError));
    expect(within(dialog).queryByText(/failed/i)).not.toBeInTheDocument();
    error.mockRestore();
  });

  it.each([
    ['an error status', jsonResponse({ message: 'Too many messages' }, 429)],
    ['an empty reply', jsonResponse({ reply: '', source: 'model' })],
    ['a body without a reply', jsonResponse({ something: 'else' })],
  ])('answers with the canned reply on %s', async (_case, response) => {
    fetchMock.mockResolvedValueOnce(response);
    const { user, dialog, input } = await openChat();
    await user.type(input, 'Is there an audiobook?{Enter}');
    expect(await within(dialog).findByText(CANNED_REPLIES.audiobook)).toBeVisible();
  });

  it('keeps the focus inside while open: Tab and Shift+Tab wrap around', async () => {
    const { user, dialog, input } = await openChat();
    await user.type(input, 'Hello');
    const close = within(dialog).getByRole('button', { name: 'Close chat' });
    const log = within(dialog).getByRole('log');
    const send = within(dialog).getByRole('button', { name: 'Send message' });

    await user.tab();
    expect(send).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(log).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(log).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(send).toHaveFocus();
  });

  it('opens on the open-chat window event and keeps the conversation after closing', async () => {
    const user = userEvent.setup();
    render(<ChatLauncher catalogue={SEEDED_CHAT_CATALOGUE} />);
    act(() => {
      window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
    });
    const dialog = await screen.findByRole('dialog', { name: 'ABA Specialist Assistant' });
    await user.type(within(dialog).getByRole('textbox'), 'Hello{Enter}');
    await within(dialog).findByText('A reply from the server.');
    await user.keyboard('{Escape}');
    act(() => {
      window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('A reply from the server.');
  });
  it('sends the conversation so far with the next message, so a follow-up is understood', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ reply: 'They suit children from 2 to 18.', source: 'content', sources: [] }),
    );
    const { user, dialog, input } = await openChat();
    await user.type(input, 'What ages are the eBooks for?{Enter}');
    await within(dialog).findByText('They suit children from 2 to 18.');
    await user.type(input, 'And for teenagers?{Enter}');
    await within(dialog).findByText('A reply from the server.');
    expect(sentMessages()).toEqual([
      { message: 'What ages are the eBooks for?' },
      {
        message: 'And for teenagers?',
        history: [
          { role: 'user', content: 'What ages are the eBooks for?' },
          { role: 'assistant', content: 'They suit children from 2 to 18.' },
        ],
      },
    ]);
  });

  it('links each reply to the pages it comes from', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        reply: 'All sales are final, with a few exceptions.',
        source: 'content',
        sources: [{ title: 'No Refund Policy', url: '/no-refund-policy' }],
      }),
    );
    const { user, dialog, input } = await openChat();
    await user.type(input, 'Can I return an eBook?{Enter}');
    await within(dialog).findByText('All sales are final, with a few exceptions.');
    expect(within(dialog).getByRole('link', { name: 'No Refund Policy' })).toHaveAttribute(
      'href',
      '/no-refund-policy',
    );
  });

  it("shows the reply as it is written, with 'Typing...' only until its first words", async () => {
    const encoder = new TextEncoder();
    let push: (chunk: object) => void = () => undefined;
    let end: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
        end = () => controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'text/event-stream' }),
      body,
    } as unknown as Response);
    const { user, dialog, input } = await openChat();
    await user.type(input, 'Can I return an eBook?{Enter}');
    expect(within(dialog).getByText('Typing...')).toBeVisible();
    await act(async () => {
      push({ type: 'start' });
      push({
        type: 'source-url',
        sourceId: 'source-0',
        url: '/no-refund-policy',
        title: 'No Refund Policy',
      });
      push({ type: 'text-start', id: 'reply-0' });
      push({ type: 'text-delta', id: 'reply-0', delta: 'All sales ' });
    });
    expect(await within(dialog).findByText('All sales')).toBeVisible();
    expect(within(dialog).queryByText('Typing...')).not.toBeInTheDocument();
    expect(input).toBeDisabled();
    await act(async () => {
      push({ type: 'text-delta', id: 'reply-0', delta: 'are final.' });
      push({ type: 'text-end', id: 'reply-0' });
      push({ type: 'finish', messageMetadata: { source: 'model' } });
      end();
    });
    expect(await within(dialog).findByText('All sales are final.')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'No Refund Policy' })).toBeVisible();
    expect(input).toBeEnabled();
  });
});

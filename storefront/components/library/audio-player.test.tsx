import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AudioPlayer } from './audio-player';

const CHAPTERS = [
  { title: 'Welcome', startSeconds: 0 },
  { title: 'Observing Behaviour', startSeconds: 18 },
];

/** jsdom loads no media: the element's readiness is set by the test, as a browser would. */
function readiness(audio: HTMLAudioElement, readyState: number, duration = Number.NaN) {
  Object.defineProperty(audio, 'readyState', { configurable: true, get: () => readyState });
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => duration });
}

/** The player opened at `startMs`, without a place keeper; its audio element. */
function renderPlayer(startMs: number) {
  const { container } = render(
    <AudioPlayer
      fileKey={null}
      url="/book.mp3"
      bookTitle="ABA for Parents"
      chapters={CHAPTERS}
      startMs={startMs}
    />,
  );
  return container.querySelector('audio') as HTMLAudioElement;
}

describe('the audio player', () => {
  it('keeps a chapter chosen before the audio’s length was known, when it becomes known', async () => {
    const user = userEvent.setup();
    const audio = renderPlayer(0);
    readiness(audio, HTMLMediaElement.HAVE_NOTHING);
    const second = screen.getByRole('button', { name: /^2\. Observing Behaviour/ });
    await user.click(second);
    expect(second).toHaveAttribute('aria-current', 'true');

    // The kept file's metadata arrives: the player stays where the listener went.
    readiness(audio, HTMLMediaElement.HAVE_METADATA, 120);
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(18);
    expect(second).toHaveAttribute('aria-current', 'true');
  });

  it('opens at the saved place when nobody moved before the length was known', () => {
    const audio = renderPlayer(20_000);
    readiness(audio, HTMLMediaElement.HAVE_METADATA, 120);
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(20);
    expect(screen.getByRole('button', { name: /^2\. Observing Behaviour/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

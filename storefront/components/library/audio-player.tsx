'use client';
/**
 * The library's player (docs/product.md#library): the audiobook streamed by ranges from the
 * shop, with its chapters, speed 0.75–2×, back 15 s and forward 30 s, a sleep timer, and the
 * Media Session, so the lock screen and the car show the book and chapter and their buttons
 * work. Opening it only seeks to where the book was left: nothing plays until Play is pressed.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatClock, spokenClock } from '@/lib/library/clock';
import type { PlayerChapter } from '@/lib/library/player-chapters';
import { usePlaceKeeper } from '@/lib/library/use-place-keeper';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const SPEED_KEY = 'aba-library-speed';
const BACK_SECONDS = 15;
const FORWARD_SECONDS = 30;
/** How often a playing position is kept, at most. */
const SAVE_EVERY_MS = 5000;
const SLEEP_CHOICES = [
  { value: 'off', label: 'Off' },
  { value: '5', label: '5 minutes' },
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: 'chapter', label: 'End of this chapter' },
] as const;
type Sleep = (typeof SLEEP_CHOICES)[number]['value'];
const ARTWORK: MediaImage[] = [{ src: '/og-image.png', sizes: '1200x630', type: 'image/png' }];

/** The chapter playing at this second: the last one begun. */
export function chapterAt(chapters: readonly PlayerChapter[], seconds: number): number {
  let current = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.startSeconds <= seconds + 0.25) current = index;
  });
  return current;
}

/** 'Previous': the chapter's start, or the one before when it has only just begun. */
function previousStart(chapters: readonly PlayerChapter[], current: number, seconds: number) {
  const start = chapters[current]?.startSeconds ?? 0;
  if (seconds - start > 3 || current <= 0) return start;
  return chapters[current - 1]?.startSeconds ?? 0;
}

function storedSpeed(): number {
  const kept = Number(localStorage.getItem(SPEED_KEY));
  return (SPEEDS as readonly number[]).includes(kept) ? kept : 1;
}

export function AudioPlayer({
  fileKey,
  url,
  bookTitle,
  chapters,
  startMs,
  parts = { one: 'Chapter', many: 'Chapters' },
}: {
  /** The book's file, whose place is kept; null for a member resource's, whose is not. */
  fileKey: string | null;
  url: string;
  bookTitle: string;
  chapters: readonly PlayerChapter[];
  startMs: number;
  /** What the parts are called: an audiobook's chapters, a recorded Q&A's questions. */
  parts?: { one: string; many: string };
}) {
  const id = useId();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  // Where the book opened: a later answer of the library does not move the player.
  const [openedAtMs] = useState(startMs);
  const [time, setTime] = useState(openedAtMs / 1000);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [sleep, setSleep] = useState<Sleep>('off');
  const [failed, setFailed] = useState(false);
  const sleepTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sleepChapter = useRef<number | null>(null);
  const { note, startAt } = usePlaceKeeper(fileKey, SAVE_EVERY_MS);
  const chapter = chapterAt(chapters, time);
  const chapterTitle = chapters[chapter]?.title;

  // Where the listener moved before the audio's length was known (offline, the kept file can
  // take a moment): opening at the saved place must not take them back.
  const movedTo = useRef<number | null>(null);

  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      const end = Number.isFinite(audio.duration) ? audio.duration : seconds;
      audio.currentTime = Math.min(Math.max(0, seconds), end);
      if (audio.readyState < HTMLMediaElement.HAVE_METADATA) movedTo.current = audio.currentTime;
      setTime(audio.currentTime);
      note(audio.currentTime * 1000, { now: true });
    },
    [note],
  );

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setFailed(true));
    else audio.pause();
  }, []);

  // Opens where the book was left, at this device's speed.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    startAt(openedAtMs);
    const rate = storedSpeed();
    setSpeed(rate);
    const ready = () => {
      audio.playbackRate = rate;
      audio.currentTime = movedTo.current ?? openedAtMs / 1000;
      setDuration(audio.duration);
      setTime(audio.currentTime);
    };
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) ready();
    else audio.addEventListener('loadedmetadata', ready, { once: true });
    return () => audio.removeEventListener('loadedmetadata', ready);
  }, [openedAtMs, startAt]);

  // The lock screen and the car: the chapter as the title, the book as the artist.
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: chapterTitle ?? bookTitle,
      artist: bookTitle,
      album: 'ABA Parent Guides',
      artwork: ARTWORK,
    });
  }, [chapterTitle, bookTitle]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    // Read from the element when pressed, so the handlers are set once, not at every tick.
    const now = () => audioRef.current?.currentTime ?? 0;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void audioRef.current?.play()],
      ['pause', () => audioRef.current?.pause()],
      ['seekbackward', (details) => seek(now() - (details.seekOffset ?? BACK_SECONDS))],
      ['seekforward', (details) => seek(now() + (details.seekOffset ?? FORWARD_SECONDS))],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
      ['previoustrack', () => seek(previousStart(chapters, chapterAt(chapters, now()), now()))],
      [
        'nexttrack',
        () => {
          const next = chapters[chapterAt(chapters, now()) + 1];
          if (next) seek(next.startSeconds);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser without this action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [seek, chapters]);

  useEffect(
    () => () => {
      if (sleepTimer.current) clearTimeout(sleepTimer.current);
    },
    [],
  );

  function chooseSleep(value: Sleep) {
    setSleep(value);
    if (sleepTimer.current) clearTimeout(sleepTimer.current);
    sleepTimer.current = null;
    sleepChapter.current = value === 'chapter' ? chapter : null;
    if (value !== 'off' && value !== 'chapter') {
      sleepTimer.current = setTimeout(
        () => {
          audioRef.current?.pause();
          setSleep('off');
        },
        Number(value) * 60_000,
      );
    }
  }

  function onTimeUpdate() {
    const audio = audioRef.current;
    if (!audio) return;
    setTime(audio.currentTime);
    if (!audio.paused) note(audio.currentTime * 1000);
    const sleepAfter = sleepChapter.current;
    if (sleepAfter !== null && chapterAt(chapters, audio.currentTime) > sleepAfter) {
      audio.pause();
      sleepChapter.current = null;
      setSleep('off');
    }
    if ('mediaSession' in navigator && Number.isFinite(audio.duration)) {
      navigator.mediaSession.setPositionState({
        duration: audio.duration,
        position: Math.min(audio.currentTime, audio.duration),
        playbackRate: audio.playbackRate,
      });
    }
  }

  const button =
    'rounded-lg border border-slate-300 px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50';

  return (
    <section aria-labelledby={`${id}-now`} className="space-y-5 rounded-2xl bg-slate-50 p-4 sm:p-6">
      <audio
        ref={audioRef}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          if (audioRef.current) note(audioRef.current.currentTime * 1000, { now: true });
        }}
        onTimeUpdate={onTimeUpdate}
        onDurationChange={() => setDuration(audioRef.current?.duration ?? 0)}
        onError={() => setFailed(true)}
      />
      <div>
        <h2 id={`${id}-now`} className="text-lg font-semibold text-slate-900" aria-live="polite">
          {chapterTitle ?? bookTitle}
        </h2>
        <p className="text-sm text-slate-600">
          {bookTitle}
          {chapters.length ? ` · ${parts.one} ${chapter + 1} of ${chapters.length}` : ''}
        </p>
      </div>
      {failed ? (
        <p role="alert" className="text-red-800">
          The audiobook could not be played here. Please check your connection and try again.
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-seek`} className="sr-only">
          Position in the audiobook
        </label>
        <input
          id={`${id}-seek`}
          type="range"
          min={0}
          max={Math.max(1, Math.floor(duration || 0))}
          step={1}
          value={Math.floor(time)}
          aria-valuetext={`${spokenClock(time)} of ${spokenClock(duration)}`}
          onChange={(event) => seek(Number(event.target.value))}
          className="w-full accent-emerald-700"
        />
        <p className="flex justify-between text-sm tabular-nums text-slate-700" aria-hidden="true">
          <span data-testid="player-time">{formatClock(time)}</span>
          <span>{formatClock(duration)}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} onClick={() => seek(time - BACK_SECONDS)}>
          <span aria-hidden="true">↺ 15</span>
          <span className="sr-only">Back 15 seconds</span>
        </button>
        <button
          type="button"
          onClick={toggle}
          className="rounded-full bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800"
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className={button} onClick={() => seek(time + FORWARD_SECONDS)}>
          <span aria-hidden="true">30 ↻</span>
          <span className="sr-only">Forward 30 seconds</span>
        </button>
      </div>
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-speed`} className="block text-sm font-semibold">
            Speed
          </label>
          <select
            id={`${id}-speed`}
            value={String(speed)}
            onChange={(event) => {
              const rate = Number(event.target.value);
              setSpeed(rate);
              localStorage.setItem(SPEED_KEY, String(rate));
              if (audioRef.current) audioRef.current.playbackRate = rate;
            }}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          >
            {SPEEDS.map((rate) => (
              <option key={rate} value={rate}>
                {rate}×
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sleep`} className="block text-sm font-semibold">
            Sleep timer
          </label>
          <select
            id={`${id}-sleep`}
            value={sleep}
            onChange={(event) => chooseSleep(event.target.value as Sleep)}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          >
            {SLEEP_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {chapters.length > 0 ? (
        <nav aria-label={parts.many}>
          <h3 className="mb-2 font-semibold text-slate-900">{parts.many}</h3>
          <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {chapters.map((entry, index) => (
              <li key={`${index}-${entry.title}`}>
                <button
                  type="button"
                  aria-current={index === chapter ? 'true' : undefined}
                  onClick={() => seek(entry.startSeconds)}
                  className={`flex w-full justify-between gap-3 px-4 py-3 text-left hover:bg-emerald-50 ${index === chapter ? 'font-semibold text-emerald-900' : 'text-slate-800'}`}
                >
                  <span>
                    {index + 1}. {entry.title}
                  </span>
                  <span className="tabular-nums text-slate-600">
                    {formatClock(entry.startSeconds)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
    </section>
  );
}

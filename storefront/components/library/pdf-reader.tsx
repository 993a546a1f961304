'use client';
/**
 * The library's reader (docs/product.md#library): the buyer's stamped PDF drawn by pdf.js, a
 * page at a time, fitted to the screen's width. It fetches the file by ranges, so the first page
 * shows before the rest arrives. Pages turn with the buttons, the arrow keys or a swipe; a page
 * number or a chapter jumps; 'Night' darkens the page. Each page's text is there for screen
 * readers. pdf.js is loaded only here (docs/adr/0029-library-reader-player-membership.md).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfWorkerUrl } from '@/lib/library/pdf-worker';
import { usePlaceKeeper } from '@/lib/library/use-place-keeper';

interface Chapter {
  title: string;
  page: number;
}

type Zoom = 1 | 1.5 | 2;
const ZOOMS: Zoom[] = [1, 1.5, 2];
const NIGHT_KEY = 'aba-library-night';
/** How often a changing page is kept, at most. */
const SAVE_EVERY_MS = 1500;
/** How far a finger must travel sideways for a swipe. */
const SWIPE_PX = 50;

async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Given as an address rather than a worker: offline, where a worker's script cannot be
  // fetched outside the library's service worker, pdf.js loads it on the page instead.
  pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl();
  return pdfjs;
}

/** The book's chapters from the PDF's own outline, with the page each begins on. */
async function chaptersOf(pdf: PDFDocumentProxy): Promise<Chapter[]> {
  const outline = (await pdf.getOutline()) ?? [];
  const chapters = await Promise.all(
    outline.map(async (item) => {
      try {
        const dest =
          typeof item.dest === 'string' ? await pdf.getDestination(item.dest) : item.dest;
        const target = dest?.[0];
        if (!target) return null;
        const index = typeof target === 'number' ? target : await pdf.getPageIndex(target as never);
        return { title: item.title, page: index + 1 };
      } catch {
        return null;
      }
    }),
  );
  return chapters.filter((chapter): chapter is Chapter => chapter !== null);
}

export function PdfReader({
  fileKey,
  url,
  title,
  downloadUrl,
  startPage,
}: {
  /** The book's file, whose place is kept; null for a member resource's, whose is not. */
  fileKey: string | null;
  url: string;
  title: string;
  downloadUrl: string;
  startPage: number;
}) {
  const id = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  // Where the book opened: a later answer of the library does not move the reader.
  const [openedAt] = useState(() => Math.max(1, startPage));
  const [page, setPage] = useState(openedAt);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState<Zoom>(1);
  // Night: the reader's own choice on this device, else the device's dark mode. (The reader
  // is drawn in the browser only, once the library has answered.)
  const [night, setNight] = useState(() => {
    const kept = localStorage.getItem(NIGHT_KEY);
    return kept === null ? matchMedia('(prefers-color-scheme: dark)').matches : kept === 'on';
  });
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const [pageText, setPageText] = useState('');
  const [drawn, setDrawn] = useState(0);
  const { note, startAt } = usePlaceKeeper(fileKey, SAVE_EVERY_MS);
  const pageCount = pdf?.numPages ?? 0;

  useEffect(() => {
    let cancelled = false;
    let loading: { destroy: () => Promise<void> } | null = null;
    startAt(openedAt);
    // The first bytes are asked for at once, beside pdf.js's own loading: the shop stamps a
    // book on its first request, which then overlaps the code's download.
    void fetch(url, { headers: { range: 'bytes=0-0' } }).catch(() => undefined);
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        if (cancelled) return;
        const task = pdfjs.getDocument({
          url,
          rangeChunkSize: 64 * 1024,
          disableAutoFetch: true,
          disableStream: true,
        });
        loading = task;
        const loaded = await task.promise;
        if (cancelled) return;
        setPdf(loaded);
        setPage((current) => Math.min(current, loaded.numPages));
        setChapters(await chaptersOf(loaded));
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void loading?.destroy();
    };
  }, [url, openedAt, startAt]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.floor(entry?.contentRect.width ?? 0)),
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // Draws the page at the frame's width (times the zoom), sharp on dense screens.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas || width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void (async () => {
      const shown = await pdf.getPage(page);
      if (cancelled) return;
      const base = shown.getViewport({ scale: 1 });
      const viewport = shown.getViewport({ scale: (width / base.width) * zoom });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = shown.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      try {
        await task.promise;
        if (!cancelled) setDrawn(page);
      } catch {
        // Cancelled by the next page: nothing to show.
      }
      const text = await shown.getTextContent();
      if (!cancelled) {
        setPageText(
          text.items
            .map((item) => ('str' in item ? item.str : ''))
            .join(' ')
            .replace(/\s+/g, ' '),
        );
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, width, zoom]);

  const goTo = useCallback(
    (target: number) => {
      if (!pageCount) return;
      const next = Math.min(pageCount, Math.max(1, Math.round(target)));
      setPage(next);
      note(next);
    },
    [pageCount, note],
  );

  const swipeFrom = useRef<{ x: number; y: number } | null>(null);

  function jump(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = Number(new FormData(event.currentTarget).get('page'));
    if (Number.isFinite(wanted)) goTo(wanted);
  }

  if (failed) {
    return (
      <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-5">
        <p className="font-semibold">This book could not be opened here.</p>
        <p className="mt-2">
          <a href={downloadUrl} className="font-semibold text-emerald-800 underline">
            Download {title} (PDF)
          </a>{' '}
          to read it in your device&apos;s own viewer.
        </p>
      </div>
    );
  }

  const button =
    'rounded-lg border px-3 py-2 font-semibold disabled:opacity-50 ' +
    (night
      ? 'border-slate-500 text-slate-100 hover:bg-slate-700'
      : 'border-slate-300 text-slate-800 hover:bg-slate-50');

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl p-3 sm:p-4 ${night ? 'bg-slate-900 text-slate-100' : 'bg-slate-100'}`}
    >
      <h2 id={`${id}-title`} className="sr-only">
        {title}
      </h2>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={button}
          onClick={() => goTo(page - 1)}
          disabled={page <= 1}
        >
          Previous<span className="sr-only"> page</span>
        </button>
        <button
          type="button"
          className={button}
          onClick={() => goTo(page + 1)}
          disabled={!pageCount || page >= pageCount}
        >
          Next<span className="sr-only"> page</span>
        </button>
        <p aria-live="polite" className="px-1 font-semibold">
          {pageCount ? `Page ${page} of ${pageCount}` : 'Loading the book...'}
        </p>
        <button
          type="button"
          className={button}
          aria-pressed={night}
          onClick={() => {
            localStorage.setItem(NIGHT_KEY, night ? 'off' : 'on');
            setNight(!night);
          }}
        >
          Night
        </button>
        <button
          type="button"
          className={button}
          onClick={() => setZoom(ZOOMS[(ZOOMS.indexOf(zoom) + 1) % ZOOMS.length] as Zoom)}
          aria-label={`Zoom: ${zoom === 1 ? 'fit to width' : `${zoom * 100}%`}, change`}
        >
          {zoom === 1 ? 'Zoom' : `${zoom * 100}%`}
        </button>
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <form onSubmit={jump} className="flex items-end gap-2">
          <label htmlFor={`${id}-page`} className="text-sm font-semibold">
            Go to page
          </label>
          <input
            id={`${id}-page`}
            name="page"
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount || undefined}
            defaultValue={page}
            key={page}
            className="w-20 rounded-lg border border-slate-300 px-2 py-1.5 text-slate-900"
          />
          <button type="submit" className={button}>
            Go
          </button>
        </form>
        {chapters.length > 0 ? (
          <div className="flex items-end gap-2">
            <label htmlFor={`${id}-chapter`} className="text-sm font-semibold">
              Chapter
            </label>
            <select
              id={`${id}-chapter`}
              value={String(chapters.findLast((chapter) => chapter.page <= page)?.page ?? '')}
              onChange={(event) => goTo(Number(event.target.value))}
              className="max-w-[14rem] rounded-lg border border-slate-300 px-2 py-1.5 text-slate-900"
            >
              <option value="" disabled>
                Choose a chapter
              </option>
              {chapters.map((chapter) => (
                <option key={`${chapter.page}-${chapter.title}`} value={chapter.page}>
                  {chapter.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div
        ref={frameRef}
        className="overflow-x-auto"
        tabIndex={0}
        role="group"
        aria-label={`${title}, page ${page}. Left and right arrow keys turn the pages.`}
        style={{ touchAction: zoom === 1 ? 'pan-y pinch-zoom' : 'auto' }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' || event.key === 'PageDown') goTo(page + 1);
          else if (event.key === 'ArrowLeft' || event.key === 'PageUp') goTo(page - 1);
          else if (event.key === 'Home') goTo(1);
          else if (event.key === 'End') goTo(pageCount);
          else return;
          event.preventDefault();
        }}
        onPointerDown={(event) => {
          swipeFrom.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const from = swipeFrom.current;
          swipeFrom.current = null;
          if (!from || zoom !== 1) return;
          const dx = event.clientX - from.x;
          if (Math.abs(dx) > SWIPE_PX && Math.abs(event.clientY - from.y) < SWIPE_PX) {
            goTo(dx < 0 ? page + 1 : page - 1);
          }
        }}
      >
        <canvas
          ref={canvasRef}
          data-page={drawn || undefined}
          aria-hidden="true"
          className={`mx-auto block bg-white shadow ${night ? 'invert hue-rotate-180' : ''}`}
        />
      </div>
      <div className="sr-only" aria-label={`Text of page ${page}`} role="region">
        {pageText}
      </div>
    </section>
  );
}

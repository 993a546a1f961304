/** pdf.js's worker: a file of the build, served from the shop's own origin. */
export const pdfWorkerUrl = () =>
  new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).toString();

import localFont from 'next/font/local';

// Inter from @fontsource-variable (npm), self-hosted: nothing is fetched from a font host.
export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  display: 'swap',
  variable: '--font-inter',
  weight: '100 900',
});

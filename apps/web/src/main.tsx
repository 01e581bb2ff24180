import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto's Latin and Latin Extended (Turkish) subsets only: its math and symbol subsets (21 and
// 12 KB a weight) were fetched for one arrow or ≥ in a page; those few signs come from the
// fallback face (Lighthouse, issue 18). Latin Extended first, as in @fontsource/roboto/400.css:
// where the two ranges overlap, the face declared last (Latin) is the one fetched.
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-ext-700.css';
import '@fontsource/roboto/latin-700.css';
import './styles/theme.scss';
import { App, createQueryClient } from './app/app';
import { seedPageData, takePageData } from './app/page-data';
import { startLanguageSync } from './app/language-sync';
import { paths } from './shared/paths';
import { pageOf, prefetchRoute } from './app/route-modules';
import { prefetchLayout } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The page's own chunk loads while the texts do: the router asks for it only after them.
const page = pageOf(window.location.pathname);
if (page) prefetchRoute(page);
// A signed-in page also needs the signed-in frame: its chunk loads alongside too. (Asking for
// the session here as well was slower in Lighthouse: docs/performance.md.)
if (page && page !== paths.home) prefetchLayout();
// A returning account's page carries its session and first data (decision 0023): in the cache
// before the texts are chosen, so that they are the account's language from the start.
const queryClient = createQueryClient();
seedPageData(queryClient, takePageData());
// The texts of the visitor's language are loaded before the first render (no English flash).
await startLanguageSync();
const root = createRoot(container, {
  // Errors caught by an error boundary are already shown as the error page.
  onCaughtError: (error) => console.warn('Shown on the error page:', error),
});
// As a transition, React renders the app in slices and lets the browser in between, instead of
// one long task (Lighthouse's blocking time on a signed-in page's first load, issue 18).
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import './styles/theme.scss';
import { App } from './app/app';
import { startLanguageSync } from './app/language-sync';
import { pageOf, prefetchRoute } from './app/route-modules';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The page's own chunk loads while the texts do: the router asks for it only after them.
const page = pageOf(window.location.pathname);
if (page) prefetchRoute(page);
// The texts of the visitor's language are loaded before the first render (no English flash).
await startLanguageSync();
createRoot(container, {
  // Errors caught by an error boundary are already shown as the error page.
  onCaughtError: (error) => console.warn('Shown on the error page:', error),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

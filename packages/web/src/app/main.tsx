import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureHostPort } from '../features/embedded/index.ts';
import { registerAccessErrors } from '../features/noAccess/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { currentLanguage, i18n, prepareLanguage } from './i18n/i18n.ts';
import { AppRouter } from './router.tsx';
import './global.css';

// An embedded dashboard's host sends its one handshake when the frame loads: listen before anything else.
if (window.location.pathname.startsWith('/embedded/')) captureHostPort(window);

// A refused grant anywhere offers the access request instead of a bare refusal.
registerAccessErrors();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render waits for its language's texts (one small download beside the page's own).
await prepareLanguage(i18n, currentLanguage());

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

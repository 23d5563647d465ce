import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app/router';
import { BrowserRouter } from './lib/router';
import { AppTree } from './ssr/app-tree';
import { Hydrated, hydrateServerPage, readServerState } from './ssr/hydrate';
import './styles.css';

const container = document.getElementById('root')!;

function renderInBrowser(): void {
  createRoot(container).render(
    <AppTree>
      <BrowserRouter>
        <AppRoutes after={<Hydrated container={container} />} />
      </BrowserRouter>
    </AppTree>,
  );
}

// A customer landing page arrives rendered by the server and is hydrated; every other page (and
// every page under `npm run dev`) is the empty shell, rendered here (docs/decisions/0177-server-rendered-customer-pages.md).
const serverState = readServerState();
if (serverState) {
  hydrateServerPage(container, serverState).catch((err: unknown) => {
    // The page's code could not be loaded: render it afresh (the error screen shows if it still fails).
    console.error(err);
    renderInBrowser();
  });
} else {
  renderInBrowser();
}

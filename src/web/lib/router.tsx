import {
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type Ref,
  createContext,
  startTransition,
  use,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The app's router: the part of React Router's declarative API the pages use (Link, NavLink, Navigate, Outlet,
 * useNavigate, useLocation, useParams, useSearchParams, matchPath), over the browser's history, with nested routes,
 * lazily loaded pages and scroll restoration. React Router cost every page about 28 kB of JavaScript (gzip) in its
 * data mode and 15 kB in its declarative one; this is under 3 kB
 * (docs/decisions/0179-own-router-for-the-javascript-budget.md). Paths are absolute or a query (`?…`) or hash
 * (`#…`) of the current page; matching ignores case and a trailing slash, as React Router's does.
 */

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type Params = Record<string, string | undefined>;
export type To = string | { pathname?: string; search?: string; hash?: string };
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
type RouterState = { location: Location; type: NavigationType; preventScrollReset: boolean };
type RouterValue = RouterState & { navigate: NavigateFunction };

const RouterContext = createContext<RouterValue | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside <BrowserRouter> or <StaticRouter>');
  return router;
}

function toPath(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/** `to` as the path, query and hash it leads to from `from` (a query or hash alone keeps the current path). */
function resolve(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  const path = toPath(to);
  if (path.startsWith('/') && !path.startsWith('//')) return path;
  const url = new URL(path, `http://localhost${from.pathname}${from.search}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

/** Scroll positions by history entry, kept for the tab's session so a reload or Back restores them. */
const SCROLL_KEY = 'halalnosh-scroll';
const positions = new Map<string, number>();

function readPositions(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
    for (const [key, y] of Object.entries(saved)) positions.set(key, y);
  } catch {
    // storage unavailable or damaged: no positions to restore
  }
}

function savePositions(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // storage unavailable or full: positions last for this page only
  }
}

/** The router of the browser: the address bar's location, changed by links, navigate() and Back/Forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    location: browserLocation(),
    type: 'POP',
    preventScrollReset: false,
  }));
  const current = useRef(state.location.key);
  current.current = state.location.key;

  useEffect(() => {
    const onPop = () => {
      positions.set(current.current, window.scrollY);
      startTransition(() => setState({ location: browserLocation(), type: 'POP', preventScrollReset: false }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const path = resolve(to, window.location);
    const replace = options.replace ?? false;
    positions.set(current.current, window.scrollY);
    const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
    if (replace) window.history.replaceState(entry, '', path);
    else window.history.pushState(entry, '', path);
    startTransition(() =>
      setState({
        location: browserLocation(),
        type: replace ? 'REPLACE' : 'PUSH',
        preventScrollReset: options.preventScrollReset ?? false,
      }),
    );
  }, []);

  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The router of a server render: one location, which never changes. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(() => {
    const url = new URL(location, 'http://localhost');
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' },
      type: 'POP',
      preventScrollReset: false,
      navigate: () => {
        throw new Error('navigate() was called while rendering on the server');
      },
    };
  }, [location]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/**
 * Restores the page's scroll position on Back and Forward (and after a reload), scrolls to the hash's element when
 * there is one, and to the top after any other navigation unless it asked not to (`preventScrollReset`).
 */
export function ScrollRestoration() {
  const { location, type, preventScrollReset } = useRouter();
  const shown = useRef(location.key);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    readPositions();
    const y = positions.get(location.key);
    if (y !== undefined) window.scrollTo(0, y);
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
    function onHide() {
      positions.set(browserLocation().key, window.scrollY);
      savePositions();
    }
    // Once, for the page the browser loaded; the layout effect below handles every navigation after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    if (shown.current === location.key) return;
    shown.current = location.key;
    const y = type === 'POP' ? positions.get(location.key) : undefined;
    if (y !== undefined) {
      window.scrollTo(0, y);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location.key, location.hash, type, preventScrollReset]);
  return null;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The path parameters of the matched routes (`:slug` and the like; `*` for a splat). */
export function useParams<T extends Params = Params>(): T {
  return useContext(RouteContext).params as T;
}

type SearchInit = URLSearchParams | string | Record<string, string | string[]>;

function searchParams(init: SearchInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params;
}

/** The current query, and a setter that navigates to the same page with another one. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
      navigate(`?${searchParams(value).toString()}`, options);
    },
    [navigate],
  );
  return [params, set];
}

/** Navigates when rendered (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const path = toPath(to);
  useEffect(() => navigate(path, { replace, state }), [navigate, path, replace, state]);
  return null;
}

/** Where a layout route shows the matched child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & { to: To; ref?: Ref<HTMLAnchorElement> };

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A link that changes page in place (a new tab, a modified click and a right click stay the browser's). */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolve(to, location);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        // A link to the page already shown replaces its history entry rather than adding one.
        const here = location.pathname + location.search + location.hash;
        navigate(href, { replace: replace ?? here === href, state, preventScrollReset });
      }}
    />
  );
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A navigation link that knows when its page (or, without `end`, a page below it) is shown. */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = resolve(rest.to, { pathname, search: '' }).split(/[?#]/)[0].toLowerCase();
  const here = pathname.toLowerCase();
  const isActive =
    here === target || (!end && target !== '/' && here.startsWith(target) && here.charAt(target.length) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** A page loaded with its route: renders once its module is in, suspending until then; `preload` fetches it early. */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    ));
  function Page() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return Object.assign(Page, { preload });
}

/**
 * A route: a `path` (segments, `:param`, a final `*`) or `index` (the parent's own path), what it shows (`element`,
 * or a `Component`, a lazy page's included), and child routes shown in its Outlet.
 */
export type RouteDef = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | LazyPage;
  children?: RouteDef[];
};

export type RouteMatch = { routes: RouteDef[]; params: Params };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchInto(routes: RouteDef[], segments: string[], params: Params): RouteDef[] | null {
  for (const route of routes) {
    if (route.index) {
      if (segments.length === 0) return [route];
      continue;
    }
    let rest = segments;
    const own: Params = {};
    if (route.path) {
      const parts = route.path.split('/').filter(Boolean);
      let matched = true;
      for (const part of parts) {
        if (part === '*') {
          own['*'] = rest.map(decode).join('/');
          rest = [];
          break;
        }
        const segment = rest[0];
        if (segment === undefined) {
          matched = false;
          break;
        }
        if (part.startsWith(':')) own[part.slice(1)] = decode(segment);
        else if (part.toLowerCase() !== decode(segment).toLowerCase()) {
          matched = false;
          break;
        }
        rest = rest.slice(1);
      }
      if (!matched) continue;
    }
    const inner = route.children ? matchInto(route.children, rest, params) : null;
    if (inner) {
      Object.assign(params, own);
      return [route, ...inner];
    }
    // A route matches by itself only with a path of its own that takes the whole URL.
    if (route.path && rest.length === 0) {
      Object.assign(params, own);
      return [route];
    }
  }
  return null;
}

/** The routes a pathname matches, outermost first, and their parameters; null when none does. */
export function matchRoutes(routes: RouteDef[], pathname: string): RouteMatch | null {
  const params: Params = {};
  const matched = matchInto(routes, pathname.split('/').filter(Boolean), params);
  return matched ? { routes: matched, params } : null;
}

/** The parameters of `pattern` (a route path from the root) in `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): { params: Params } | null {
  const match = matchRoutes([{ path: pattern }], pathname);
  return match ? { params: match.params } : null;
}

/** The matched routes, each with the next one in its Outlet. */
export function renderMatch(match: RouteMatch): ReactNode {
  return match.routes.reduceRight<ReactNode>((outlet, route) => {
    const { Component } = route;
    return (
      <RouteContext value={{ outlet, params: match.params }}>
        {route.element ?? (Component ? <Component /> : outlet)}
      </RouteContext>
    );
  }, null);
}

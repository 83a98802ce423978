// The part of the router every app shares as `react-router-dom` (see README.md in this folder).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  createBrowserRouter,
  matchRoutes,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'circo-original/react-router';
export { RouterProvider } from 'circo-original/react-router/dom';

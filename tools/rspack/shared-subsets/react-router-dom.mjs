// The part of the router every app shares as `react-router-dom` (see README.md in this folder):
// no data router (createBrowserRouter, RouterProvider, useMatches, useRouteError; no remote used
// them), which is most of the package.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'circo-original/react-router';

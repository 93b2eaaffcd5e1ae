import { Routes } from 'react-router';
import { siteRoutes } from './routes.tsx';

export function App() {
  return <Routes>{siteRoutes()}</Routes>;
}

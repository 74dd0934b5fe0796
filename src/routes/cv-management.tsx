import { createRoute } from '@tanstack/react-router';
import * as t from 'io-ts';
import { authenticatedRoute } from './authenticated';
import { searchValidator } from './search';

/** `?show=recently-deleted` opens CV management on Recently deleted, so a reload or a link keeps that view. */
export const validateCvManagementSearch = searchValidator({ show: t.literal('recently-deleted') });

export const cvManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cv-management',
  validateSearch: validateCvManagementSearch,
}).lazy(() => import('./cv-management-page').then((page) => page.Route));

import { createRoute } from '@tanstack/react-router';
import * as t from 'io-ts';
import { authenticatedRoute } from './authenticated';
import { PageNumber, searchValidator } from './search';

/**
 * `?show=recently-deleted` opens CV management on Recently deleted, so a reload or a link keeps that view;
 * `?page=2` is the page of the person's CVs (a bad page is left out: page 1).
 */
export const validateCvManagementSearch = searchValidator({
  show: t.literal('recently-deleted'),
  page: PageNumber,
});

export const cvManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cv-management',
  validateSearch: validateCvManagementSearch,
}).lazy(() => import('./cv-management-page').then((page) => page.Route));

// The admin area's data: query keys, fetchers and writes (admin spec section 7). Every write
// invalidates the admin lists and the public catalogue, so both show the change at once.
import { queryOptions } from '@tanstack/react-query';
import type {
  AdminClass,
  AdminCourse,
  AdminDiscount,
  AdminFormation,
  AdminPlan,
  AdminPresential,
} from '@circo/shared-contracts';
import { api } from '../client';
import { catalogKeys } from './catalog';
import { getJson } from './fetcher';
import { useApiMutation } from './mutation';

export const adminKeys = {
  all: ['admin'] as const,
  courses: () => ['admin', 'courses'] as const,
  formations: () => ['admin', 'formations'] as const,
  class: (id: string) => ['admin', 'class', id] as const,
  presential: () => ['admin', 'presential'] as const,
  discounts: () => ['admin', 'discounts'] as const,
  plans: () => ['admin', 'plans'] as const,
};

const id = encodeURIComponent;

export const adminQueries = {
  /** GET /courses/admin */
  courses: () =>
    queryOptions({
      queryKey: adminKeys.courses(),
      queryFn: getJson<AdminCourse[]>('/courses/admin'),
    }),
  /** GET /formations/admin */
  formations: () =>
    queryOptions({
      queryKey: adminKeys.formations(),
      queryFn: getJson<AdminFormation[]>('/formations/admin'),
    }),
  /** GET /classes/admin/{id}: a course or formation class with its media. */
  class: (classId: string) =>
    queryOptions({
      queryKey: adminKeys.class(classId),
      queryFn: getJson<AdminClass>(`/classes/admin/${id(classId)}`),
    }),
  /** GET /presential-formations */
  presential: () =>
    queryOptions({
      queryKey: adminKeys.presential(),
      queryFn: getJson<AdminPresential[]>('/presential-formations'),
    }),
  /** GET /admin/plans */
  plans: () =>
    queryOptions({
      queryKey: adminKeys.plans(),
      queryFn: getJson<AdminPlan[]>('/admin/plans'),
    }),
  /** GET /discounts */
  discounts: () =>
    queryOptions({
      queryKey: adminKeys.discounts(),
      queryFn: getJson<AdminDiscount[]>('/discounts'),
    }),
};

export type AdminMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AdminWrite {
  method: AdminMethod;
  /** The path under /api, e.g. `/courses/{id}` (ids already encoded). */
  path: string;
  body?: unknown;
}

/**
 * One mutation for every admin write: `write.mutateAsync({ method, path, body })`. On success the
 * admin lists and the public catalogue are invalidated.
 */
export function useAdminWrite<T = unknown>() {
  return useApiMutation<T, AdminWrite>({
    mutationFn: ({ method, path, body }) => api<T>(path, { method, body }),
    invalidates: [adminKeys.all, catalogKeys.all],
  });
}

/** Admin paths with their ids encoded. */
export const adminPaths = {
  courses: '/courses',
  course: (courseId: string) => `/courses/${id(courseId)}`,
  courseVisibility: (courseId: string) => `/courses/${id(courseId)}/visibility/language`,
  courseClassOrder: (courseId: string) => `/courses/${id(courseId)}/classes/order`,
  newCourseClass: (courseId: string) => `/course-classes/${id(courseId)}`,
  courseClass: (classId: string) => `/course-classes/${id(classId)}`,
  courseClassVisibility: (classId: string, lang: string) =>
    `/course-classes/${id(classId)}/visibility/${id(lang)}`,
  formations: '/formations',
  formation: (formationId: string) => `/formations/${id(formationId)}`,
  formationVisibility: (formationId: string) =>
    `/formations/${id(formationId)}/visibility/language`,
  moduleOrder: (formationId: string) => `/formations/${id(formationId)}/modules/order`,
  modules: '/modules',
  module: (moduleId: string) => `/modules/${id(moduleId)}`,
  moduleVisibility: (moduleId: string, lang: string) =>
    `/modules/${id(moduleId)}/visibility/${id(lang)}`,
  moduleClassOrder: (moduleId: string) => `/modules/${id(moduleId)}/classes/order`,
  classes: '/classes',
  formationClass: (classId: string) => `/classes/${id(classId)}`,
  formationClassVisibility: (classId: string, lang: string) =>
    `/classes/${id(classId)}/visibility/${id(lang)}`,
  presential: '/presential-formations',
  presentialOne: (pid: string) => `/presential-formations/${id(pid)}`,
  discounts: '/discounts',
  discount: (did: string) => `/discounts/${id(did)}`,
  plans: '/admin/plans',
  plan: (pid: string) => `/admin/plans/${id(pid)}`,
  planMove: (pid: string) => `/admin/plans/${id(pid)}/move-subscribers`,
};

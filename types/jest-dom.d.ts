// Testing Library's DOM matchers (toBeVisible, toHaveFocus, ...) on jest's expect, for the
// front-end tests (they are registered at run time by shared-web/test/setup.ts).
import '@testing-library/jest-dom';
